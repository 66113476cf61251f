import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { assertCommentExists, readComment } from './comment-access.js';
import { CommentLikeEntity } from './like.entity.js';
import { removeLike } from './likes.js';
import { Comment } from './posts.schemas.js';

export const unlikeComment = authedProcedure
  .meta({
    openapi: { method: 'DELETE', path: '/comments/{id}/like', tags: ['comments'], summary: 'Take back a comment like' },
    errors: { 400: 'Invalid ID, or the caller has not liked the comment', 404: 'No comment with that ID' },
  })
  .input(byIdInput)
  .output(Comment)
  .mutation(async ({ ctx, input: { id } }) => {
    await removeLike(
      () => ctx.em.nativeDelete(CommentLikeEntity, { comment: id, user: ctx.user.userId }),
      () => assertCommentExists(ctx.em, id),
      'Comment not liked',
    );
    return readComment(ctx.em, id);
  });
