import { z } from 'zod';
import { pageInput } from '../trpc/schemas.js';
import { paged, streamedRoute, unpaged } from '../trpc/streamed-route.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { LARGE_ANSWERS_PER_USER, wholeList } from '../trpc/large-answers.js';

import { sessionProcedure } from '../auth/procedures.js';
import { withOutputBuiltBySql } from '../trpc/internals.js';
import { Post } from './posts.schemas.js';
import { listPostsFor, listPostsMatching, postListDocument } from './post-lists.queries.js';

/** A page is one statement; unpaged over REST, the feed is streamed by its twin, streamFollowedPosts below. */
export const listFollowedPosts = withOutputBuiltBySql(
  sessionProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/posts/followed',
        tags: ['posts'],
        summary: 'The feed: posts by users the caller follows, newest first',
      },
      errors: { 429: LARGE_ANSWERS_PER_USER },
    })
    .input(pageInput)
    .output(z.array(Post))
    .query(async ({ ctx, input }) => {
      if (paged(input)) return listPostsFor(ctx, { ...input, followed: true });
      // Built whole (REST streams it, streamFollowedPosts below, and comes here only when its first
      // statement found no row): bounded, see wholeList. The session is checked in the slot, so a
      // refused call costs no pool connection.
      const { userId } = ctx.user;
      return wholeList(ctx, userId, { streamedAt: 'GET /posts/followed' }, async (limit, maxBytes) => {
        await assertSessionOpen(ctx.services.orm, ctx.user);
        return listPostsMatching(ctx.services.orm, { viewerId: userId, followerId: userId, ...input, limit, maxBytes });
      });
    }),
);

/** The REST stream twin of listFollowedPosts (json-stream.ts): the whole feed, from `before` when given. */
export const streamFollowedPosts = streamedRoute({
  input: pageInput,
  streams: unpaged,
  document: (input, userId) => postListDocument({ viewerId: userId, followerId: userId, before: input?.before }),
});
