import { z } from 'zod';
import { sessionProcedure, withOutputBuiltBySql } from '../trpc/trpc.js';
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
