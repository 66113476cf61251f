import { notFound } from '../platform/errors.js';
import { byIdInput } from '../trpc/schemas.js';
import { authedProcedure } from '../auth/procedures.js';
import { Comment, commentBody } from './posts.schemas.js';
import { findCommentById, insertComment } from './comments.queries.js';
import { POST_NOT_FOUND } from './posts.queries.js';

export const commentOnPost = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/posts/{id}/comment', tags: ['posts'], summary: 'Comment on a post' },
    successStatus: 201,
    errors: {
      400: 'Invalid ID or invalid comment',
      404: 'No post with that ID (or its author and the caller are on either side of a block)',
    },
  })
  .input(byIdInput.extend(commentBody))
  .output(Comment)
  .mutation(async ({ ctx, input: { id, content } }) => {
    const commentId = await insertComment(ctx.em, id, ctx.user.userId, content); // 404 when there is no such post
    const comment = await findCommentById(ctx.em, commentId, ctx.user.userId);
    if (!comment) throw notFound(POST_NOT_FOUND); // the post, and with it the comment, was deleted meanwhile
    return comment;
  });
