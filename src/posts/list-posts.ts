import { z } from 'zod';
import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { paged, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { LARGE_ANSWERS_PER_USER, wholeList } from '../trpc/large-answers.js';

import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post, searchQuery } from './posts.schemas.js';
import { listPostsFor, listPostsMatching, postListDocument } from './post-lists.queries.js';

const input = pageInput.unwrap().extend({ q: searchQuery.optional() }).optional();

/** A page is one statement; unpaged over REST, the list is streamed by its twin, streamPosts below. */
export const listPosts = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/posts',
        tags: ['posts'],
        summary: 'All posts, or those matching a search, newest first',
      },
      errors: { 400: 'Invalid limit, before or q', 429: LARGE_ANSWERS_PER_USER },
    })
    .input(input)
    .output(z.array(Post))
    .query(async ({ ctx, input: { q, ...page } = {} }) => {
      if (!paged(page)) {
        // Built whole (REST streams it, streamPosts below, and comes here only when its first
        // statement found no row): bounded, see wholeList. The session is checked in the slot, so
        // a refused call costs no pool connection.
        return wholeList(ctx, ctx.user.userId, { streamedAt: 'GET /posts' }, async (limit, maxBytes) => {
          await assertSessionOpen(ctx.services.orm, ctx.user);
          return listPostsMatching(ctx.services.orm, { viewerId: ctx.user.userId, q, ...page, limit, maxBytes });
        });
      }
      if (q === undefined) return listPostsFor(ctx, { ...page, followed: false });
      // A search is off the hot path: the session on its own, then the search's statement.
      await assertSessionOpen(ctx.services.orm, ctx.user);
      return listPostsMatching(ctx.services.orm, { viewerId: ctx.user.userId, ...page, q });
    }),
);

/** The REST stream twin of listPosts (json-stream.ts): all posts or a search's matches, after `before` when given. */
export const streamPosts = streamedRoute({
  input,
  streams: unpaged,
  document: (input, userId) => postListDocument({ viewerId: userId, q: input?.q, before: input?.before }),
});
