import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { Post, searchQuery } from './posts.schemas.js';
import { assertPostCursor, listPostsFor, selectPostList } from './post-lists.queries.js';

/** All posts, or a search's matches, newest first. */
export const listPosts = defineList(sessionProcedure, {
  openapi: {
    path: '/posts',
    tags: ['posts'],
    summary: 'All posts, or those matching a search, newest first',
  },
  errors: { 400: 'Invalid limit, before or q', 429: LARGE_ANSWERS_PER_USER },
  input: pageInput.unwrap().extend({ q: searchQuery.optional() }).optional(),
  item: Post,
  builtBySql: true,
  large: true,
  rows: (input, userId) => selectPostList({ viewerId: userId, ...input }),
  // The hot page checks the session in its own statement; a search page is off the hot path (derived).
  page: (ctx, { q, ...page }, fromRows) =>
    q === undefined ? listPostsFor(ctx, { ...page, followed: false }) : fromRows(),
  // In the slot of a whole list (large), so a refused call costs no pool connection.
  checkSession: (ctx) => assertSessionOpen(ctx.services.orm, ctx.user),
  whenEmpty: (ctx, { before }) => assertPostCursor(ctx.services.orm, before, ctx.user.userId),
});
