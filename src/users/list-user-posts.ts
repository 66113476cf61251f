import { Post } from '../posts/posts.schemas.js';
import { assertPostCursor, selectPostList } from '../posts/post-lists.queries.js';
import { defineList } from '../trpc/lists.js';
import { LARGE_ANSWERS_PER_USER } from '../trpc/large-answers.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { assertUserShown } from './users.queries.js';

/** A user's posts, newest first. */
export const listUserPosts = defineList(authedProcedure, {
  openapi: { path: '/users/{id}/posts', tags: ['users'], summary: "A user's posts, newest first" },
  errors: { 400: 'Invalid ID, limit or before', 404: 'No user with that ID', 429: LARGE_ANSWERS_PER_USER },
  input: byIdInput.extend(pageInput.unwrap().shape),
  item: Post,
  large: true,
  rows: ({ id, ...page }, userId) => selectPostList({ ...page, viewerId: userId, authorId: id }),
  // Only an empty list needs the cursor and the user looked up: no posts yet, or no user.
  whenEmpty: async (ctx, { id, before }) => {
    await assertPostCursor(ctx.em, before, ctx.user.userId);
    await assertUserShown(ctx.em, id, ctx.user.userId);
  },
});
