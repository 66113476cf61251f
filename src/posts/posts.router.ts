import { router } from '../trpc/trpc.js';
import { commentOnPost } from './comment-on-post.js';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { getPost } from './get-post.js';
import { bookmarkPost } from './bookmark-post.js';
import { likePost } from './like-post.js';
import { listFollowedPosts } from './list-followed-posts.js';
import { listHomePosts } from './list-home-posts.js';
import { listPostComments } from './list-post-comments.js';
import { listPostLikes } from './list-post-likes.js';
import { listPostQuotes } from './list-post-quotes.js';
import { listPosts } from './list-posts.js';
import { repostPost } from './repost-post.js';
import { unbookmarkPost } from './unbookmark-post.js';
import { unlikePost } from './unlike-post.js';
import { unrepostPost } from './unrepost-post.js';
import { updatePost } from './update-post.js';

// REST routes match in declaration order: the fixed /posts/followed and /posts/home must precede /posts/{id}.
export const postsRouter = router({
  list: listPosts,
  followed: listFollowedPosts,
  home: listHomePosts,
  create: createPost,
  get: getPost,
  update: updatePost,
  delete: deletePost,
  like: likePost,
  unlike: unlikePost,
  repost: repostPost,
  unrepost: unrepostPost,
  bookmark: bookmarkPost,
  unbookmark: unbookmarkPost,
  comment: commentOnPost,
  comments: listPostComments,
  likes: listPostLikes,
  quotes: listPostQuotes,
});
