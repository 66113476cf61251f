import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/**
 * Per author, an instant no post of theirs is newer than: the minute after their newest post when
 * it was written. A feed page ranks the users a reader follows by it without a probe of posts per
 * author (see feedPage). An upper bound, not the newest post itself: a deleted post leaves it
 * true, and an author's further posts within that minute write nothing here, so concurrent posts
 * by one author do not queue on this row. Kept by a trigger on posts (Migration20261126020000) in
 * the inserting statement itself, whatever path inserts; a user's row goes with the user.
 */
export const NewestPostEntity = defineEntity({
  name: 'NewestPost',
  tableName: 'newest_posts',
  properties: (p) => ({
    author: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    postedBefore: p.datetime(3),
  }),
});

/**
 * Every author's bound, from posts: for a writer that bypasses the trigger (the seed inserts with
 * session_replication_role = replica, which skips triggers). Never lowers a bound.
 */
export const NEWEST_POSTS_FROM_POSTS = `insert into newest_posts (author_id, posted_before)
  select author_id, date_bin('1 minute', max(created_at), timestamptz 'epoch') + interval '1 minute' from posts group by author_id
  on conflict (author_id) do update set posted_before = greatest(newest_posts.posted_before, excluded.posted_before)`;
