import { z } from 'zod';
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
  .input(z.void())
  .output(z.array(Post))
  .query(({ ctx }) => listPosts(ctx.em, { followerId: ctx.caller.userId }));
