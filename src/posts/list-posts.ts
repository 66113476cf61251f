import { z } from 'zod';
import { pageInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { Post } from './posts.schemas.js';
import { listPosts as queryPosts } from './posts.queries.js';

export const listPosts = authedProcedure
  .meta({ openapi: { method: 'GET', path: '/posts', tags: ['posts'], summary: 'All posts, newest first' } })
  .input(pageInput)
  .output(z.array(Post))
  .query(({ ctx, input }) => queryPosts(ctx.em, input));
