import { defineEntity } from '@mikro-orm/core';
import { CommentEntity } from './comment.entity.js';
import { PostEntity } from './post.entity.js';

/**
 * A post's likes and comments, counted by statement triggers on post_likes and comments
 * (Migration20261127010000) in the writing statement itself, whatever path writes: a read takes the
 * count in one probe instead of counting. Apart from posts, so a count's row lock meets no lock of
 * the post's own row. No row yet: none of either.
 */
export const PostStatsEntity = defineEntity({
  name: 'PostStats',
  tableName: 'post_stats',
  properties: (p) => ({
    post: p.manyToOne(PostEntity).primary().deleteRule('cascade'),
    likeCount: p.integer().default(0),
    commentCount: p.integer().default(0),
    // Kept by the triggers of Migration20261127200000, on reposts and on posts' quote_of_id.
    repostCount: p.integer().default(0),
    quoteCount: p.integer().default(0),
  }),
});

/** A comment's likes, as PostStatsEntity counts a post's. */
export const CommentStatsEntity = defineEntity({
  name: 'CommentStats',
  tableName: 'comment_stats',
  properties: (p) => ({
    comment: p.manyToOne(CommentEntity).primary().deleteRule('cascade'),
    likeCount: p.integer().default(0),
  }),
});

/** Every post's and comment's counts, from the rows: for a writer that bypasses the triggers (the seed). */
export const POST_STATS_FROM_ROWS = `insert into post_stats (post_id, like_count, comment_count, repost_count, quote_count)
    select p.id, coalesce(l.n, 0), coalesce(c.n, 0), coalesce(r.n, 0), coalesce(q.n, 0) from posts p
      left join (select post_id, count(*) as n from post_likes group by 1) l on l.post_id = p.id
      left join (select post_id, count(*) as n from comments group by 1) c on c.post_id = p.id
      left join (select post_id, count(*) as n from reposts group by 1) r on r.post_id = p.id
      left join (select quote_of_id, count(*) as n from posts where quote_of_id is not null group by 1) q on q.quote_of_id = p.id
    where l.n is not null or c.n is not null or r.n is not null or q.n is not null
  on conflict (post_id) do update set like_count = excluded.like_count, comment_count = excluded.comment_count,
    repost_count = excluded.repost_count, quote_count = excluded.quote_count;
  insert into comment_stats (comment_id, like_count) select comment_id, count(*) from comment_likes group by 1
  on conflict (comment_id) do update set like_count = excluded.like_count`;
