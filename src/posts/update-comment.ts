import { forbidden } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment, commentBody } from './posts.schemas.js';
import { assertCommentExists, assertCommentShown, getCommentById, updateCommentAsAuthor } from './comments.queries.js';

export const updateComment = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/comments/{id}', tags: ['comments'], summary: "Edit one's own comment" },
    errors: {
      400: 'Invalid ID, or content missing or too long',
      403: 'The caller is not the author',
      404: 'No comment with that ID',
    },
  })
  .input(byIdInput.extend(commentBody))
  .output(Comment)
  .mutation(async ({ ctx, input: { id, content } }) => {
    // A comment hidden by a block (its author's or its post's) is absent, even to its own author: 404, nothing changes.
    await assertCommentShown(ctx.em, id, ctx.user.userId);
    // Only the author's row matches; when none does, it is someone else's (or gone since).
    const updated = await updateCommentAsAuthor(ctx.em, id, ctx.user.userId, content);
    if (updated === 0) {
      await assertCommentExists(ctx.em, id);
      throw forbidden('Only the author may edit this comment');
    }
    return getCommentById(ctx.em, id, ctx.user.userId);
  });
