import { defineList } from '../trpc/lists.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { assertCommentsShown, selectCommentsOnPost } from './comments.queries.js';

/** A post's comments, newest first. */
export const listPostComments = defineList(authedProcedure, {
  openapi: {
    path: '/posts/{id}/comments',
    tags: ['posts'],
    summary: "A post's comments, newest first",
  },
  errors: { 400: 'Invalid ID, limit or before', 404: 'No post with that ID' },
  input: byIdInput.extend(pageInput.unwrap().shape),
  item: Comment,
  rows: ({ id, ...page }, userId) => selectCommentsOnPost(id, userId, page),
  // Only an empty list needs the cursor and the post looked up: no comments yet, or no post.
  whenEmpty: (ctx, { id, before }) => assertCommentsShown(ctx.em, id, ctx.user.userId, before),
});
