import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { insertPostLikeFor } from './posts.queries.js';

export const likePost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/posts/{id}/like', tags: ['posts'], summary: 'Like a post' },
      errors: { 400: 'Invalid ID, or the caller already liked the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => insertPostLikeFor(ctx, input.id)),
);
