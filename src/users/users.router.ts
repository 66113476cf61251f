import { router } from '../trpc/trpc.js';
import { deleteAvatar, setAvatar } from './avatar.js';
import { blockUser } from './block-user.js';
import { deleteMe } from './delete-me.js';
import { followUser } from './follow-user.js';
import { getMe } from './get-me.js';
import { getUser } from './get-user.js';
import { getUserByHandle } from './get-user-by-handle.js';
import { listBlocked } from './list-blocked.js';
import { listFollowed } from './list-followed.js';
import { listFollowedTags } from './list-followed-tags.js';
import { listFollowers } from './list-followers.js';
import { listMuted } from './list-muted.js';
import { listBookmarks } from './list-bookmarks.js';
import { listUserComments } from './list-user-comments.js';
import { listUserPosts } from './list-user-posts.js';
import { listUsers } from './list-users.js';
import { muteUser } from './mute-user.js';
import { unblockUser } from './unblock-user.js';
import { unfollowUser } from './unfollow-user.js';
import { unmuteUser } from './unmute-user.js';
import { updateMe } from './update-me.js';

// REST routes match in declaration order: the fixed /users/me and /users/by-handle/{handle} must precede /users/{id}.
export const usersRouter = router({
  list: listUsers,
  me: getMe,
  updateMe,
  deleteMe,
  setAvatar,
  deleteAvatar,
  blocked: listBlocked,
  muted: listMuted,
  bookmarks: listBookmarks,
  tags: listFollowedTags,
  byHandle: getUserByHandle,
  get: getUser,
  posts: listUserPosts,
  comments: listUserComments,
  followers: listFollowers,
  followed: listFollowed,
  follow: followUser,
  unfollow: unfollowUser,
  block: blockUser,
  unblock: unblockUser,
  mute: muteUser,
  unmute: unmuteUser,
});
