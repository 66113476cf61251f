import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user.entity.js';

/** follower follows followed; the composite key makes a double follow impossible. */
export const FollowEntity = defineEntity({
  name: 'Follow',
  tableName: 'follows',
  properties: (p) => ({
    follower: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    followed: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
    // An instant no post of `followed` is newer than (newest_posts' bound, or 'infinity': unknown, always
    // true). Kept by triggers (Migration20261126040000); the feed ranks a reader's follows by it.
    authorBound: p.datetime(3).defaultRaw(`'infinity'`),
    // The same for reposts (newest_posts.reposted_before, Migration20261128010000), on the same bounded
    // follows: a home page ranks a reader's followed reposters by it.
    repostBound: p.datetime(3).defaultRaw(`'infinity'`),
  }),
  indexes: [
    // A user's followers, in id order, off the index alone (the primary key serves whom someone follows).
    { name: 'follows_followed_follower_index', properties: ['followed', 'follower'] },
    // A reader's followed authors, latest-bounded first, off the index alone (the feed page; a live replay's authors).
    {
      name: 'follows_follower_bound_index',
      expression:
        'create index "follows_follower_bound_index" on "follows" ("follower_id", "author_bound" desc) include ("followed_id")',
    },
    // A reader's followed reposters, latest-bounded first (the home page; a /live/home replay's reposters).
    {
      name: 'follows_follower_repost_bound_index',
      expression:
        'create index "follows_follower_repost_bound_index" on "follows" ("follower_id", "repost_bound" desc) include ("followed_id")',
    },
    // An author's follows whose bound is older than a new one (the rows a post updates), and whether it has unbounded ones.
    { name: 'follows_followed_bound_index', properties: ['followed', 'authorBound'] },
  ],
  checks: [{ name: 'follows_not_self', expression: 'follower_id <> followed_id' }],
});
