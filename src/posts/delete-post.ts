import { z } from 'zod';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { deleteGoneFilesSoon } from '../media/sweeper.js';
import { assertPostAuthor, deletePostAsAuthor } from './posts.queries.js';

/**
 * Deleting a post deletes its comments, likes and images (ON DELETE CASCADE; the files once it committed). The delete itself decides:
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
    if (!deleted)
      await assertPostAuthor(ctx.em, id, ctx.user.userId); // 404 or 403
    else if (deleted.withMedia) deleteGoneFilesSoon(ctx.services.orm, ctx.services.media, ctx.services.logger);
  });
