import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { Post } from './posts.schemas.js';
import { listPostsFor, listPostsMatching, postListDocument } from './post-lists.queries.js';

/** The feed: posts by users the caller follows, newest first. */
export const listFollowedPosts = defineList(sessionProcedure, {
  openapi: {
    path: '/posts/followed',
    tags: ['posts'],
    summary: 'The feed: posts by users the caller follows, newest first',
  },
  errors: { 429: LARGE_ANSWERS_PER_USER },
  input: pageInput,
  item: Post,
  builtBySql: true,
  large: true,
  page: (ctx, input) => listPostsFor(ctx, { ...input, followed: true }),
  // In its slot (large), so a refused call costs no pool connection.
  whole: async (ctx, input, bounds) => {
    await assertSessionOpen(ctx.services.orm, ctx.user);
    const { userId } = ctx.user;
    return listPostsMatching(ctx.services.orm, { viewerId: userId, followerId: userId, ...input, ...bounds });
  },
  document: (input, userId) => postListDocument({ viewerId: userId, followerId: userId, before: input?.before }),
});
