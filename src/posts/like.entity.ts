import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';
import { CommentEntity } from './comment.entity.js';
import { PostEntity } from './post.entity.js';

/** One row per (post, user): the composite key makes a double like impossible. */
export const PostLikeEntity = defineEntity({
  name: 'PostLike',
  tableName: 'post_likes',
  properties: (p) => ({
    post: p.manyToOne(PostEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index('post_likes_user_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
});

export const CommentLikeEntity = defineEntity({
  name: 'CommentLike',
  tableName: 'comment_likes',
  properties: (p) => ({
    comment: p.manyToOne(CommentEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index('comment_likes_user_id_index'),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
});
