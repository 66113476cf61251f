import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';
import { PostEntity } from './post.entity.js';

export const CommentEntity = defineEntity({
  name: 'Comment',
  tableName: 'comments',
  properties: (p) => ({
    id: p.integer().primary(),
    content: p.text(),
    post: p.manyToOne(PostEntity).deleteRule('cascade'),
    author: p.manyToOne(UserEntity).deleteRule('cascade'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    { name: 'comments_post_created_index', properties: ['post', 'createdAt', 'id'] },
    { name: 'comments_author_created_index', properties: ['author', 'createdAt', 'id'] },
  ],
});
