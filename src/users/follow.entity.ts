import { defineEntity } from '@mikro-orm/core';
import { User } from './user.entity.js';

/** follower follows followed; the composite key makes a double follow impossible. */
export const Follow = defineEntity({
  name: 'Follow',
  tableName: 'follows',
  properties: (p) => ({
    follower: p.manyToOne(User).primary().deleteRule('cascade'),
    followed: p.manyToOne(User).primary().deleteRule('cascade').index('follows_followed_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  checks: [{ name: 'follows_not_self', expression: 'follower_id <> followed_id' }],
});
