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
  }),
  // A user's followers, in id order, off the index alone (the primary key serves whom someone follows).
  indexes: [{ name: 'follows_followed_follower_index', properties: ['followed', 'follower'] }],
  checks: [{ name: 'follows_not_self', expression: 'follower_id <> followed_id' }],
});
