import { z } from 'zod';
import { forbidden } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertCommentShown, deleteCommentAsAuthor } from './comments.queries.js';

/** A comment's author may delete it, and so may the author of the post it is on (moderation). */
export const deleteComment = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/comments/{id}', tags: ['comments'], summary: 'Delete a comment' },
    successStatus: 204,
    errors: {
      400: 'Invalid ID',
      403: 'The caller wrote neither the comment nor the post it is on',
      404: 'No comment with that ID',
    },
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input: { id } }) => {
    if (await deleteCommentAsAuthor(ctx.em, id, ctx.user.userId)) return;
    await assertCommentShown(ctx.em, id, ctx.user.userId); // a comment hidden by a block is 404, not 403
    throw forbidden("Only the comment's author or the post's author may delete this comment");
  });
