import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Comment } from './posts.schemas.js';
import { insertCommentLikeFor } from './comments.queries.js';

/** The post-like rules: the keys settle a double like (400) and a missing comment (404). */
export const likeComment = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/comments/{id}/like', tags: ['comments'], summary: 'Like a comment' },
      errors: { 400: 'Invalid ID, or the caller already liked the comment', 404: 'No comment with that ID' },
    })
    .input(byIdInput)
    .output(Comment)
    .mutation(({ ctx, input }) => insertCommentLikeFor(ctx, input.id)),
);
