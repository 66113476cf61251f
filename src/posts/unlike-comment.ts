import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Comment } from './posts.schemas.js';
import { deleteCommentLikeFor } from './comments.queries.js';

export const unlikeComment = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/comments/{id}/like',
        tags: ['comments'],
        summary: 'Take back a comment like',
      },
      errors: { 400: 'Invalid ID, or the caller has not liked the comment', 404: 'No comment with that ID' },
    })
    .input(byIdInput)
    .output(Comment)
    .mutation(({ ctx, input }) => deleteCommentLikeFor(ctx, input.id)),
);
