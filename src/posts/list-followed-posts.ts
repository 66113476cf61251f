import { z } from 'zod';
import { pageInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { Post } from './posts.schemas.js';
import { listPosts } from './posts.queries.js';

export const listFollowedPosts = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/posts/followed',
      tags: ['posts'],
      summary: 'The feed: posts by users the caller follows, newest first',
    },
  })
  .input(pageInput)
  .output(z.array(Post))
  .query(({ ctx, input }) => listPosts(ctx.em, { ...input, followerId: ctx.caller.userId }));
