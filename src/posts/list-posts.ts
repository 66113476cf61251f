import { pageInput } from '../trpc/schemas.js';
import { assertSessionOpen } from '../auth/auth.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { sessionProcedure } from '../auth/procedures.js';
import { Post, searchQuery } from './posts.schemas.js';
import { listPostsFor, listPostsMatching, postListDocument } from './post-lists.queries.js';

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
  page: async (ctx, { q, ...page }) => {
    if (q === undefined) return listPostsFor(ctx, { ...page, followed: false });
    // A search is off the hot path: the session on its own, then the search's statement.
    await assertSessionOpen(ctx.services.orm, ctx.user);
    return listPostsMatching(ctx.services.orm, { viewerId: ctx.user.userId, ...page, q });
  },
  // In its slot (large), so a refused call costs no pool connection.
  whole: async (ctx, input, bounds) => {
    await assertSessionOpen(ctx.services.orm, ctx.user);
    return listPostsMatching(ctx.services.orm, { viewerId: ctx.user.userId, ...input, ...bounds });
  },
  document: (input, userId) => postListDocument({ viewerId: userId, q: input?.q, before: input?.before }),
});
