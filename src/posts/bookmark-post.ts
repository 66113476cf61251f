import { byIdInput } from '../trpc/schemas.js';
import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { insertBookmarkFor } from './posts.queries.js';

export const bookmarkPost = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/posts/{id}/bookmark',
        tags: ['posts'],
        summary: 'Bookmark a post (privately)',
      },
      errors: { 400: 'Invalid ID, or the caller already bookmarked the post', 404: 'No post with that ID' },
    })
    .input(byIdInput)
    .output(Post)
    .mutation(({ ctx, input }) => insertBookmarkFor(ctx, input.id)),
);
