import { z } from 'zod';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { assertPostAuthor } from './post-access.js';
import { Post } from './post.entity.js';

/** Deleting a post deletes its comments and likes (ON DELETE CASCADE). */
export const deletePost = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/posts/{id}', tags: ['posts'], summary: "Delete one's own post" },
    successStatus: 204,
    errors: { 400: 'Invalid ID', 403: 'The caller is not the author', 404: 'No post with that ID' },
  })
  .input(byIdInput)
  .output(z.void())
  .mutation(async ({ ctx, input: { id } }) => {
    await assertPostAuthor(ctx.em, id, ctx.caller.userId);
    await ctx.em.nativeDelete(Post, { id, author: ctx.caller.userId });
  });
