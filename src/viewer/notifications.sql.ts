/**
 * How an act notifies: the fragment the domains' writes (a like, a comment, a follow) put in their
 * own statement. Reading notifications is the notifications domain's.
 */
import { noBlockBetween } from './safety.sql.js';

/** The most notifications one actor causes one recipient in NOTIFICATION_WINDOW (docs/limits.md). */
export const NOTIFICATIONS_PER_ACTOR = 30;
export const NOTIFICATION_WINDOW = '1 hour';

/**
 * A CTE body that records a notification for `select`'s rows, which give, in order: recipient,
 * type, actor, post, comment. Acting on one's own things notifies nobody. It runs inside the
 * act's own statement, so the notification commits (or not) with the act. A like, comment like
 * or follow notifies once ever (notifications_once_unique: a re-like adds nothing), and one actor
 * causes one recipient at most NOTIFICATIONS_PER_ACTOR in a window; the act itself still happens.
 * Nothing is noted between users on either side of a block (docs/safety.md).
 */
export const insertNotification = (select: string) =>
  `insert into notifications (recipient_id, type, actor_id, post_id, comment_id)
   select * from (${select}) nt (recipient_id, type, actor_id, post_id, comment_id) where nt.recipient_id <> nt.actor_id
     and ${noBlockBetween('nt.recipient_id', 'nt.actor_id')}
     and (select count(*) from (select from notifications pair where pair.recipient_id = nt.recipient_id
       and pair.actor_id = nt.actor_id and pair.created_at > now() - interval '${NOTIFICATION_WINDOW}'
       limit ${NOTIFICATIONS_PER_ACTOR}) recent) < ${NOTIFICATIONS_PER_ACTOR}
   on conflict do nothing`;
