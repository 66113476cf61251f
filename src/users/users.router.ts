import type { StreamedRoute } from '../trpc/streamed-route.js';
import { router } from '../trpc/trpc.js';
import { deleteMe } from './delete-me.js';
import { followUser } from './follow-user.js';
import { getMe, streamMe } from './get-me.js';
import { getUser, streamUser } from './get-user.js';
import { listFollowed, streamFollowed } from './list-followed.js';
import { listFollowers, streamFollowers } from './list-followers.js';
import { listUserPosts, streamUserPosts } from './list-user-posts.js';
import { listUsers, streamUsers } from './list-users.js';
import { unfollowUser } from './unfollow-user.js';
import { updateMe } from './update-me.js';

// REST routes match in declaration order: the fixed /users/me must precede /users/{id}.
export const usersRouter = router({
  list: listUsers,
  me: getMe,
  updateMe,
  deleteMe,
  get: getUser,
  posts: listUserPosts,
  followers: listFollowers,
  followed: listFollowed,
  follow: followUser,
  unfollow: unfollowUser,
});

/**
 * REST stream twins of the procedures above, by name (json-stream.ts; http.ts serves each at its
 * procedure's path, in this order: the fixed /users/me before /users/{id}).
 */
export const usersStreams = {
  list: streamUsers,
  me: streamMe,
  get: streamUser,
  posts: streamUserPosts,
  followers: streamFollowers,
  followed: streamFollowed,
} satisfies { [name in keyof typeof usersRouter]?: StreamedRoute };
