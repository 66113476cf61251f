import { z } from 'zod';
import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { HomeItem, homeCursor } from './posts.schemas.js';
import { listHomeFor, selectHomeList } from './home.queries.js';

/** The home timeline: followed users' posts and reposts, and followed tags' posts, each post once, newest first. */
export const listHomePosts = defineList(sessionProcedure, {
  openapi: {
    path: '/posts/home',
    tags: ['posts'],
    summary:
      'The home timeline: posts by users the caller follows, posts of the tags they follow, and posts those users reposted (each post once, at its newest repost), newest first',
  },
  errors: { 400: 'Invalid limit or before', 429: LARGE_ANSWERS_PER_USER },
  input: z.object({ limit: pageInput.unwrap().shape.limit, before: homeCursor.optional() }).optional(),
  item: HomeItem,
  builtBySql: true,
  large: true,
  rows: (input, userId) => selectHomeList({ viewerId: userId, ...input }),
  // The hot page: each source bounded, the session checked in its own statement.
  page: (ctx, input) => listHomeFor(ctx, input),
  // In the slot of a whole list (large), so a refused call costs no pool connection.
  checkSession: (ctx) => assertSessionOpen(ctx.services.orm, ctx.user),
});
