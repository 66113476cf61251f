import { z } from 'zod';
import { authedProcedure } from '../trpc.js';
import { Post as PostEntity } from './post.entity.js';
import { readPost } from './post-access.js';
import { Post, postBody } from './posts.schemas.js';

export const createPost = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/posts', tags: ['posts'], summary: 'Write a post' },
    successStatus: 201,
    errors: { 400: 'Title and content are required' },
  })
  .input(z.object(postBody))
  .output(Post)
  .mutation(async ({ ctx, input }) => {
    const id = (await ctx.em.insert(PostEntity, { ...input, author: ctx.caller.userId })) as number;
    return readPost(ctx.em, id);
  });
