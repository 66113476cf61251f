import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { insertRepostFor } from './posts.queries.js';

export const repostPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'POST', path: '/posts/{id}/repost', tags: ['posts'], summary: 'Repost a post' },
      errors: { 400: 'Invalid ID, or the caller already reposted the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => insertRepostFor(ctx, input.id)),
);
