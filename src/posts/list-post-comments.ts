import { defineList } from '../trpc/lists.js';
import { byIdInput, pageInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment } from './posts.schemas.js';
import { assertPostShown } from './posts.queries.js';
import { listCommentsOnPost, postCommentsDocument } from './comments.queries.js';

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
  page: (ctx, { id, ...page }) => listCommentsOnPost(ctx.em, id, ctx.user.userId, page),
  whole: (ctx, { id, ...page }, bounds) => listCommentsOnPost(ctx.em, id, ctx.user.userId, { ...page, ...bounds }),
  // Only an empty list needs the post looked up: no comments yet, or no post.
  whenEmpty: (ctx, { id }) => assertPostShown(ctx.em, id, ctx.user.userId),
  document: ({ id, before }, userId) => postCommentsDocument(id, userId, before),
});
