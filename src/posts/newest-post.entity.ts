import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/**
 * Per author, an instant no post of theirs is newer than: the minute after their newest post when
 * it was written ('-infinity' for a followed user who never posted). An upper bound, not the newest
 * post itself: a deleted post leaves it true, and an author's further posts within that minute write
 * nothing here, so concurrent posts by one author do not queue on this row. Kept by a trigger on
 * posts (Migration20261126020000) in the inserting statement itself, whatever path inserts, which
 * also copies an advanced bound onto the author's bounded follows rows (follows.author_bound, which
 * a feed page ranks by; Migration20261126040000); a user's row goes with the user.
 */
export const NewestPostEntity = defineEntity({
  name: 'NewestPost',
  tableName: 'newest_posts',
  properties: (p) => ({
    author: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    postedBefore: p.datetime(3),
    // The same for the user's reposts, kept by a trigger on reposts (Migration20261128010000) and copied onto
    // the same follows as follows.repost_bound.
    repostedBefore: p.datetime(3).defaultRaw(`'-infinity'`),
  }),
});

/**
 * Every author's bound, from posts: for a writer that bypasses the trigger (the seed inserts with
 * session_replication_role = replica, which skips triggers). Never lowers a bound.
 */
export const NEWEST_POSTS_FROM_POSTS = `insert into newest_posts (author_id, posted_before)
  select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' from posts group by author_id
  on conflict (author_id) do update set posted_before = greatest(newest_posts.posted_before, excluded.posted_before)`;

/**
 * How many follows of one author carry its bound (follows.author_bound); a later follow gets
 * 'infinity' and the feed merges that author at read time, so a post updates at most this many
 * rows. The follows trigger of Migration20261126040000 holds the same number. Small, because a post
 * that advances a bound rewrites that many rows, while an unbounded follow costs a reader only one
 * index probe per page (docs/feed.md).
 */
export const CELEBRITY_FOLLOWERS = 200;

/**
 * follows.author_bound from newest_posts, for a writer that bypasses the triggers (the seed): every
 * followed author gets a newest_posts row ('-infinity' before any post), and each author's first
 * CELEBRITY_FOLLOWERS follows (by time) its bound; the others keep 'infinity'. Run after NEWEST_POSTS_FROM_POSTS.
 */
export const FOLLOWS_AUTHOR_BOUND_FROM_NEWEST_POSTS = `insert into newest_posts (author_id, posted_before)
  select distinct followed_id, '-infinity'::timestamptz from follows on conflict (author_id) do nothing;
  update follows f set author_bound = n.posted_before, repost_bound = n.reposted_before
  from (select follower_id, followed_id, row_number() over (partition by followed_id order by created_at, follower_id) as nth from follows) r
  join newest_posts n on n.author_id = r.followed_id
  where r.nth <= ${CELEBRITY_FOLLOWERS} and f.follower_id = r.follower_id and f.followed_id = r.followed_id`;
