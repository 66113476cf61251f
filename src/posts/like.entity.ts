import { defineEntity } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { Comment } from './comment.entity.js';
import { Post } from './post.entity.js';

/** One row per (post, user): the composite key makes a double like impossible. */
export const PostLike = defineEntity({
  name: 'PostLike',
  tableName: 'post_likes',
  properties: (p) => ({
    post: p.manyToOne(Post).primary().deleteRule('cascade'),
    user: p.manyToOne(User).primary().deleteRule('cascade').index('post_likes_user_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
});

export const CommentLike = defineEntity({
  name: 'CommentLike',
  tableName: 'comment_likes',
  properties: (p) => ({
    comment: p.manyToOne(Comment).primary().deleteRule('cascade'),
    user: p.manyToOne(User).primary().deleteRule('cascade').index('comment_likes_user_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
});
