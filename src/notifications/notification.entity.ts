import { defineEntity } from '@mikro-orm/core';
import { CommentEntity } from '../posts/comment.entity.js';
import { PostEntity } from '../posts/post.entity.js';
import { UserEntity } from '../users/user.entity.js';

/** What happened to the recipient's things (or to them): the act's own statement writes the row. */
export const NOTIFICATION_TYPES = [
  'post_like',
  'comment_like',
  'comment',
  'follow',
  'mention',
  'repost',
  'quote',
] as const;

/**
 * One row per act on someone else's post, comment or person. Taking the act back (unlike,
 * unfollow) keeps the row: it is history. Deleting the post, the comment or either account
 * removes it with them.
 */
export const NotificationEntity = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: (p) => ({
    // The live streams wait for the writer of an id not yet committed: it has a transaction id first (Migration20261125220000).
    id: p.integer().primary().defaultRaw("live_nextval('notifications_id_seq'::regclass)"),
    recipient: p.manyToOne(UserEntity).deleteRule('cascade'),
    type: p.enum(() => [...NOTIFICATION_TYPES]),
    actor: p.manyToOne(UserEntity).deleteRule('cascade').index('notifications_actor_id_index'),
    post: p.manyToOne(PostEntity).nullable().deleteRule('cascade'),
    comment: p.manyToOne(CommentEntity).nullable().deleteRule('cascade'),
    read: p.boolean().default(false),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
  indexes: [
    // A recipient's notifications newest first (keyset on id), and their unread ones.
    { name: 'notifications_recipient_index', properties: ['recipient', 'id'] },
    // For the cascades when a post or comment goes. Partial: a like of a post or a follow (no
    // comment), a follow (no post) adds no entry, and the rows that do not name one do not all
    // pile onto one leaf page (the NULL key) that every such insert has to lock.
    {
      name: 'notifications_post_id_index',
      expression:
        'create index "notifications_post_id_index" on "notifications" ("post_id") where "post_id" is not null',
    },
    {
      name: 'notifications_comment_id_index',
      expression:
        'create index "notifications_comment_id_index" on "notifications" ("comment_id") where "comment_id" is not null',
    },
    // A like, a comment like or a follow notifies once ever, however often it is taken back and
    // done again (a comment, each a new one, is bounded by the cap per actor instead).
    {
      name: 'notifications_once_unique',
      expression:
        'create unique index "notifications_once_unique" on "notifications" ("recipient_id", "actor_id", "type", "post_id", "comment_id") nulls not distinct where "type" <> \'comment\'',
    },
    // What one actor caused one recipient lately: the cap per actor counts these.
    { name: 'notifications_pair_index', properties: ['recipient', 'actor', 'createdAt'] },
    {
      name: 'notifications_unread_index',
      expression:
        'create index "notifications_unread_index" on "notifications" ("recipient_id", "id") where not "read"',
    },
  ],
});
