import { Post } from '../posts/posts.schemas.js';
import { assertBookmarkCursor, selectBookmarkedPosts } from '../posts/post-lists.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';

/** The caller's bookmarks: private, so only ever their own. */
export const listBookmarks = defineList(authedProcedure, {
  openapi: {
    path: '/users/me/bookmarks',
    tags: ['users'],
    summary: "The caller's bookmarked posts, newest bookmarked first",
  },
  errors: { 400: 'Invalid limit or before, or before names no bookmarked post', 429: LARGE_ANSWERS_PER_USER },
  input: pageInput,
  item: Post,
  large: true,
  rows: (input, userId) => selectBookmarkedPosts(userId, input),
  whenEmpty: (ctx, { before }) => assertBookmarkCursor(ctx.em, before, ctx.user.userId),
});
