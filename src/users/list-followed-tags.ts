import { defineList } from '../trpc/lists.js';
import { authedProcedure } from '../auth/procedures.js';
import { FOLLOWED_TAG_MAX_JSON_BYTES, FollowedTag, followedTagsInput } from '../posts/posts.schemas.js';
import { assertFollowedTagCursor, selectFollowedTags } from '../posts/tags.queries.js';

/** GET /users/me/tags: newest follow first, keyset paged by the tag names it lists. */
export const listFollowedTags = defineList(authedProcedure, {
  openapi: { path: '/users/me/tags', tags: ['users'], summary: 'The tags the caller follows, newest follow first' },
  errors: { 400: 'Invalid limit or before, or before names no followed tag' },
  input: followedTagsInput,
  item: FollowedTag,
  itemMaxBytes: FOLLOWED_TAG_MAX_JSON_BYTES,
  rows: (input, userId) => selectFollowedTags(userId, input),
  whenEmpty: (ctx, { before }) => assertFollowedTagCursor(ctx.em, ctx.user.userId, before),
});
