import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { getCommentById, insertCommentLike } from './comments.queries.js';

/** The post-like rules: the keys settle a double like (400) and a missing comment (404). */
export const likeComment = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/comments/{id}/like', tags: ['comments'], summary: 'Like a comment' },
    errors: { 400: 'Invalid ID, or the caller already liked the comment', 404: 'No comment with that ID' },
  })
  .input(byIdInput)
  .output(Comment)
  .mutation(async ({ ctx, input: { id } }) => {
    await insertCommentLike(ctx.em, id, ctx.user.userId);
    return getCommentById(ctx.em, id, ctx.user.userId);
  });
