import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { deleteCommentLike, getCommentById } from './comments.queries.js';

export const unlikeComment = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/comments/{id}/like', tags: ['comments'], summary: 'Take back a comment like' },
    errors: { 400: 'Invalid ID, or the caller has not liked the comment', 404: 'No comment with that ID' },
  })
  .input(byIdInput)
  .output(Comment)
  .mutation(async ({ ctx, input: { id } }) => {
    await deleteCommentLike(ctx.em, id, ctx.user.userId);
    return getCommentById(ctx.em, id, ctx.user.userId);
  });
