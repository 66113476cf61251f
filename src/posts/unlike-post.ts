import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { deletePostLikeFor } from './posts.queries.js';

export const unlikePost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/posts/{id}/like', tags: ['posts'], summary: 'Take back a like' },
      errors: { 400: 'Invalid ID, or the caller has not liked the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => deletePostLikeFor(ctx, input.id)),
);
