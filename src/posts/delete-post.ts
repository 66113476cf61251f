import { z } from 'zod';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertPostAuthor, deletePostAsAuthor } from './posts.queries.js';

/**
 * Deleting a post deletes its comments and likes (ON DELETE CASCADE). The delete itself decides:
 * of concurrent deletes exactly one removes the row; the others find nothing and learn why.
 */
export const deletePost = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/posts/{id}', tags: ['posts'], summary: "Delete one's own post" },
    successStatus: 204,
    errors: { 400: 'Invalid ID', 403: 'The caller is not the author', 404: 'No post with that ID' },
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input: { id } }) => {
    const deleted = await deletePostAsAuthor(ctx.em, id, ctx.user.userId);
    if (deleted === 0) await assertPostAuthor(ctx.em, id, ctx.user.userId); // 404 or 403
  });
