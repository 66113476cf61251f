import { router } from '../trpc/trpc.js';
import { commentOnPost } from './comment-on-post.js';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { getPost } from './get-post.js';
import { likePost } from './like-post.js';
import { listFollowedPosts } from './list-followed-posts.js';
import { listPostComments } from './list-post-comments.js';
import { listPostLikes } from './list-post-likes.js';
import { listPostQuotes } from './list-post-quotes.js';
import { listPosts } from './list-posts.js';
import { unlikePost } from './unlike-post.js';
import { updatePost } from './update-post.js';

// REST routes match in declaration order: the fixed /posts/followed must precede /posts/{id}.
export const postsRouter = router({
  list: listPosts,
  followed: listFollowedPosts,
  create: createPost,
  get: getPost,
  update: updatePost,
  delete: deletePost,
  like: likePost,
  unlike: unlikePost,
  comment: commentOnPost,
  comments: listPostComments,
  likes: listPostLikes,
  quotes: listPostQuotes,
});
