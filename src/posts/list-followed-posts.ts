import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { Post } from './posts.schemas.js';
import { assertPostCursor, listPostsFor, selectPostList } from './post-lists.queries.js';

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
  rows: (input, userId) => selectPostList({ viewerId: userId, followerId: userId, ...input }),
  // The hot page: the bounded feed walk, its session check in its own statement.
  page: (ctx, input) => listPostsFor(ctx, { ...input, followed: true }),
  // In the slot of a whole list (large), so a refused call costs no pool connection.
  checkSession: (ctx) => assertSessionOpen(ctx.services.orm, ctx.user),
  whenEmpty: (ctx, { before }) => assertPostCursor(ctx.services.orm, before, ctx.user.userId),
});
