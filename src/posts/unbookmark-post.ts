import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { deleteBookmarkFor } from './posts.queries.js';

export const unbookmarkPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: { method: 'DELETE', path: '/posts/{id}/bookmark', tags: ['posts'], summary: 'Take back a bookmark' },
      errors: { 400: 'Invalid ID, or the caller has not bookmarked the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => deleteBookmarkFor(ctx, input.id)),
);
