import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { deleteRepostFor } from './posts.queries.js';

export const unrepostPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/posts/{id}/repost', tags: ['posts'], summary: 'Take back a repost' },
      errors: { 400: 'Invalid ID, or the caller has not reposted the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => deleteRepostFor(ctx, input.id)),
);
