import { authedProcedure } from '../auth/procedures.js';
import { byTagInput, FollowedTag } from './posts.schemas.js';
import { insertTagFollow, TAG_FOLLOWS_MAX } from './tags.queries.js';

/** Follows a tag: its posts join the caller's home timeline. Any tag may be followed, used or not. */
export const followTag = authedProcedure
  .meta({
    openapi: { method: 'POST', path: '/tags/{tag}/follow', tags: ['posts'], summary: 'Follow a tag' },
    successStatus: 201,
    errors: { 400: `Invalid tag, already followed, or ${TAG_FOLLOWS_MAX} tags followed already` },
  })
  .input(byTagInput)
  .output(FollowedTag)
  .mutation(({ ctx, input: { tag } }) => insertTagFollow(ctx.em, ctx.user.userId, tag));
