import { router } from '../trpc/trpc.js';
import { followTag } from './follow-tag.js';
import { listTagPosts } from './list-tag-posts.js';
import { unfollowTag } from './unfollow-tag.js';

/** Operations on one tag (/tags/{tag}…); the tags one follows are GET /users/me/tags. */
export const tagsRouter = router({
  posts: listTagPosts,
  follow: followTag,
  unfollow: unfollowTag,
});
