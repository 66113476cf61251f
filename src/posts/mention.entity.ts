import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from '../users/user.entity.js';
import { CommentEntity } from './comment.entity.js';
import { PostEntity } from './post.entity.js';

/** How many users one post or comment mentions at most (linked and shown), and how many of them are notified. */
export const MENTIONS_MAX = 20;
export const MENTIONS_NOTIFIED_MAX = 10;

/**
 * The users a post's content mentions (`@handle`): one row per (post, user), written with the post.
 * `notified`: this mention notified (at most MENTIONS_NOTIFIED_MAX per post, ever); `shown`: the
 * content mentions them now. An edit drops a mention that notified by hiding it, so the quota
 * counts it still, and a post keeps at most MENTIONS_MAX + MENTIONS_NOTIFIED_MAX rows.
 */
export const PostMentionEntity = defineEntity({
  name: 'PostMention',
  tableName: 'post_mentions',
  properties: (p) => ({
    post: p.manyToOne(PostEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index('post_mentions_user_id_index'),
    notified: p.boolean().default(false),
    shown: p.boolean().default(true),
  }),
});

/** The users a comment's content mentions, as PostMentionEntity. */
export const CommentMentionEntity = defineEntity({
  name: 'CommentMention',
  tableName: 'comment_mentions',
  properties: (p) => ({
    comment: p.manyToOne(CommentEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index('comment_mentions_user_id_index'),
    notified: p.boolean().default(false),
    shown: p.boolean().default(true),
  }),
});
