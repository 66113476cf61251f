import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { getPostFor } from './posts.queries.js';

export const getPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'GET', path: '/posts/{id}', tags: ['posts'], summary: 'One post' },
      errors: { 400: 'Invalid ID', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .query(({ ctx, input }) => getPostFor(ctx, input.id)),
);
