import { z } from 'zod';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post, postBody } from './posts.schemas.js';
import { insertPostFor } from './posts.queries.js';

export const createPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/posts', tags: ['posts'], summary: 'Write a post' },
      successStatus: 201,
      errors: { 400: 'Title and content are required' },
    })
    .input(z.object(postBody))
    .output(Post)
    .mutation(({ ctx, input }) => insertPostFor(ctx, input)),
);
