import { z } from 'zod';
import { LARGE_ANSWERS_PER_USER, streamedRoute, unpaged } from '../json-stream.js';
import { pageInput } from '../schemas.js';
import { sessionProcedure, withOutputBuiltBySql } from '../trpc.js';
import { Post } from './posts.schemas.js';
import { listPostsFor, postListDocument } from './posts.queries.js';

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
    .query(({ ctx, input }) => listPostsFor(ctx, { ...input, followed: true })),
);

/** The REST stream twin of listFollowedPosts (json-stream.ts): the whole feed. */
export const streamFollowedPosts = streamedRoute({
  input: pageInput,
  streams: unpaged,
  document: (_input, userId) => postListDocument({ followerId: userId }),
});
