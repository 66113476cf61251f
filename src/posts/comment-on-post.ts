import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import { notFound } from '../errors.js';
import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { Comment, commentBody } from './posts.schemas.js';
import { findComment, insertComment, POST_NOT_FOUND } from './posts.queries.js';

export const commentOnPost = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/posts/{id}/comment', tags: ['posts'], summary: 'Comment on a post' },
    successStatus: 201,
    errors: { 400: 'Invalid ID or invalid comment', 404: 'No post with that ID' },
  })
  .input(byIdInput.extend(commentBody))
  .output(Comment)
  .mutation(async ({ ctx, input: { id, content } }) => {
    let commentId: number;
    try {
      commentId = await insertComment(ctx.em, id, ctx.user.userId, content);
    } catch (error) {
      if (error instanceof ForeignKeyConstraintViolationException) throw notFound(POST_NOT_FOUND);
      throw error;
    }
    const comment = await findComment(ctx.em, commentId);
    if (!comment) throw notFound(POST_NOT_FOUND); // the post, and with it the comment, was deleted meanwhile
    return comment;
  });
