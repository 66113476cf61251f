import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { byTagInput, Post } from './posts.schemas.js';
import { assertPostCursor, selectPostList } from './post-lists.queries.js';

/** A tag's posts, newest first (GET /posts?q=%23tag reads the same rows). */
export const listTagPosts = defineList(authedProcedure, {
  openapi: { path: '/tags/{tag}/posts', tags: ['posts'], summary: "A tag's posts, newest first" },
  errors: { 400: 'Invalid tag, limit or before', 429: LARGE_ANSWERS_PER_USER },
  input: byTagInput.extend(pageInput.unwrap().shape),
  item: Post,
  large: true,
  rows: ({ tag, ...page }, userId) => selectPostList({ ...page, viewerId: userId, tag }),
  whenEmpty: (ctx, { before }) => assertPostCursor(ctx.em, before, ctx.user.userId),
});
