import type { StreamedRoute } from '../trpc/streamed-route.js';
import { router } from '../trpc/trpc.js';
import { commentOnPost } from './comment-on-post.js';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { getPost } from './get-post.js';
import { likePost } from './like-post.js';
import { listFollowedPosts, streamFollowedPosts } from './list-followed-posts.js';
import { listPostComments, streamPostComments } from './list-post-comments.js';
import { listPostLikes } from './list-post-likes.js';
import { listPosts, streamPosts } from './list-posts.js';
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
});

/** REST stream twins of the procedures above, by name (json-stream.ts; http.ts serves each at its procedure's path). */
export const postsStreams = {
  list: streamPosts,
  followed: streamFollowedPosts,
  comments: streamPostComments,
} satisfies { [name in keyof typeof postsRouter]?: StreamedRoute };
