import { badRequest } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { PostLike } from './like.entity.js';
import { assertPostExists, readPost } from './post-access.js';
import { Post } from './posts.schemas.js';

export const unlikePost = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/posts/{id}/like', tags: ['posts'], summary: 'Take back a like' },
    errors: { 400: 'Invalid ID, or the caller has not liked the post', 404: 'No post with that ID' },
  })
  .input(byIdInput)
  .output(Post)
  .mutation(async ({ ctx, input: { id } }) => {
    const removed = await ctx.em.nativeDelete(PostLike, { post: id, user: ctx.caller.userId });
    if (removed === 0) {
      await assertPostExists(ctx.em, id);
      throw badRequest('Post not liked');
    }
    return readPost(ctx.em, id);
  });
