import { router } from '../trpc/trpc.js';
import { deleteComment } from './delete-comment.js';
import { likeComment } from './like-comment.js';
import { listCommentLikes } from './list-comment-likes.js';
import { unlikeComment } from './unlike-comment.js';
import { updateComment } from './update-comment.js';

/** Operations on one comment (/comments/{id}…); comments are created and listed under their post. */
export const commentsRouter = router({
  update: updateComment,
  delete: deleteComment,
  like: likeComment,
  unlike: unlikeComment,
  likes: listCommentLikes,
});
