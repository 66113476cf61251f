import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Post } from './posts.schemas.js';
import { assertPostCursor, selectPostList } from './post-lists.queries.js';
import { assertPostShown } from './posts.queries.js';

/** A post's quotes, newest first. */
export const listPostQuotes = defineList(authedProcedure, {
  openapi: { path: '/posts/{id}/quotes', tags: ['posts'], summary: "A post's quotes, newest first" },
  errors: { 400: 'Invalid ID, limit or before', 404: 'No post with that ID', 429: LARGE_ANSWERS_PER_USER },
  input: byIdInput.extend(pageInput.unwrap().shape),
  item: Post,
  large: true,
  rows: ({ id, ...page }, userId) => selectPostList({ ...page, viewerId: userId, quotesOf: id }),
  // Only an empty list needs the cursor and the post looked up: no quotes yet, or no post.
  whenEmpty: async (ctx, { id, before }) => {
    await assertPostShown(ctx.em, id, ctx.user.userId);
    await assertPostCursor(ctx.em, before, ctx.user.userId);
  },
});
