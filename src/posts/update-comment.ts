import { forbidden } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment, commentBody } from './posts.schemas.js';
import { assertCommentExists, getCommentById, updateCommentAsAuthor } from './posts.queries.js';

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
    // Only the author's row matches; when none does, tell a missing comment from someone else's.
    const updated = await updateCommentAsAuthor(ctx.em, id, ctx.user.userId, content);
    if (updated === 0) {
      await assertCommentExists(ctx.em, id);
      throw forbidden('Only the author may edit this comment');
    }
    return getCommentById(ctx.em, id);
  });
