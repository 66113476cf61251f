import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user.entity.js';

/**
 * A user's posts, comments, followers and follows, counted as posts/stats.entity.ts counts a post's
 * likes. Apart from users, whose rows the follow and block triggers lock (and where the
 * read-your-writes position is kept): a count meets none of those locks.
 */
export const UserStatsEntity = defineEntity({
  name: 'UserStats',
  tableName: 'user_stats',
  properties: (p) => ({
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    postCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    followerCount: p.integer().default(0),
    followedCount: p.integer().default(0),
    // How many tags the user follows, kept by a trigger on tag_follows: its check is the bound.
    tagFollowCount: p.integer().default(0),
  }),
  checks: [{ name: 'user_stats_tag_follows_max', expression: 'tag_follow_count <= 1000' }],
});

/** Every user's counts, from the rows: for a writer that bypasses the triggers (the seed). */
export const USER_STATS_FROM_ROWS = `insert into user_stats (user_id, post_count, comment_count, follower_count, followed_count)
    select u.id, coalesce(p.n, 0), coalesce(c.n, 0), coalesce(fr.n, 0), coalesce(fd.n, 0) from users u
      left join (select author_id, count(*) as n from posts group by 1) p on p.author_id = u.id
      left join (select author_id, count(*) as n from comments group by 1) c on c.author_id = u.id
      left join (select followed_id, count(*) as n from follows group by 1) fr on fr.followed_id = u.id
      left join (select follower_id, count(*) as n from follows group by 1) fd on fd.follower_id = u.id
    where p.n is not null or c.n is not null or fr.n is not null or fd.n is not null
  on conflict (user_id) do update set post_count = excluded.post_count, comment_count = excluded.comment_count,
    follower_count = excluded.follower_count, followed_count = excluded.followed_count`;
