import { defineEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';

export const Post = defineEntity({
  name: 'Post',
  tableName: 'posts',
  properties: (p) => ({
    id: p.integer().primary(),
    title: p.string().length(200),
    content: p.text(),
    author: p.manyToOne(User).deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    // The feed and profiles read a user's posts newest first.
    { name: 'posts_author_created_index', properties: ['author', 'createdAt', 'id'] },
    // GET /posts reads everything newest first.
    { name: 'posts_created_index', properties: ['createdAt', 'id'] },
  ],
});
