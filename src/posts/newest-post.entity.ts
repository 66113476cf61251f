import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';

/**
 * Each author's newest post, `(created_at, post_id)` as the feed orders posts: lets a feed page
 * rank the users a reader follows by their newest post without a probe of posts per author.
 * Kept by triggers on posts (Migration20261126020000), in the writing statement itself, whatever
 * path inserts or deletes posts; a user's row goes with the user.
 */
export const NewestPostEntity = defineEntity({
  name: 'NewestPost',
  tableName: 'newest_posts',
  properties: (p) => ({
    author: p.manyToOne(UserEntity).primary().deleteRule('cascade'),
    postId: p.integer(),
    createdAt: p.datetime(3),
  }),
});
