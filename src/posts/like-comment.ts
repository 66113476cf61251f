import { byIdInput } from '../schemas.js';
import { authedProcedure } from '../trpc.js';
import { COMMENT_NOT_FOUND, readComment } from './comment-access.js';
import { addLike } from './likes.js';
import { Comment } from './posts.schemas.js';
import { insertCommentLike } from './posts.queries.js';

/** The post-like rules (src/posts/likes.ts). */
export const likeComment = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/comments/{id}/like', tags: ['comments'], summary: 'Like a comment' },
    errors: { 400: 'Invalid ID, or the caller already liked the comment', 404: 'No comment with that ID' },
  })
  .input(byIdInput)
  .output(Comment)
  .mutation(async ({ ctx, input: { id } }) => {
    await addLike(() => insertCommentLike(ctx.em, id, ctx.user.userId), {
      liked: 'Comment already liked',
      missing: COMMENT_NOT_FOUND,
    });
    return readComment(ctx.em, id);
  });
