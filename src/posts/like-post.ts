import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { badRequest, notFound } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { PostLike } from './like.entity.js';
import { POST_NOT_FOUND, readPost } from './post-access.js';
import { Post } from './posts.schemas.js';

/** The (post, user) primary key, not a read-then-write, decides a double like, even under races. */
export const likePost = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/posts/{id}/like', tags: ['posts'], summary: 'Like a post' },
    errors: { 400: 'Invalid ID, or the caller already liked the post', 404: 'No post with that ID' },
  })
  .input(byIdInput)
  .output(Post)
  .mutation(async ({ ctx, input: { id } }) => {
    try {
      await ctx.em.insert(PostLike, { post: id, user: ctx.caller.userId });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw badRequest('Post already liked');
      if (error instanceof ForeignKeyConstraintViolationException) throw notFound(POST_NOT_FOUND);
      throw error;
    }
    return readPost(ctx.em, id);
  });
