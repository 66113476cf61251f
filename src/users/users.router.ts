import { router } from '../trpc.js';
import { followUser } from './follow-user.js';
import { getMe } from './get-me.js';
import { getUser } from './get-user.js';
import { listUsers } from './list-users.js';
import { unfollowUser } from './unfollow-user.js';

// REST routes match in declaration order: the fixed /users/me must precede /users/{id}.
export const usersRouter = router({
  list: listUsers,
  me: getMe,
  get: getUser,
  follow: followUser,
  unfollow: unfollowUser,
});
