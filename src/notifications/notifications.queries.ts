import { jsonValue } from '../trpc/json-text.js';
import { isoTimestamp, jsonFragment, namedStatement } from '../db/sql.js';
import { OPEN_SESSION, runForSession, type SessionScope } from '../viewer/session.js';
import { SESSION_VIEWER, shownAuthor, unblocked, type Viewer } from '../viewer/safety.sql.js';
import { readerStatement, runForReader } from '../viewer/reader-statements.js';
import { userSummaryJson } from '../viewer/user-summary.sql.js';
import { Notification } from './notifications.schemas.js';

/**
 * A Notification as the API shows it; `post` and `comment` only when it is about one. The fields
 * are left out by choosing the columns, not by json_strip_nulls, which would strip the actor's
 * avatarUrl too.
 */
export const notificationJson = jsonFragment(
  Notification,
  (n: string) => `(select case
    when o.post is null and o.comment is null then (select row_to_json(x) from (select o.id, o.type, o."createdAt", o.actor, o.read) x)
    when o.comment is null then (select row_to_json(x) from (select o.id, o.type, o."createdAt", o.actor, o.post, o.read) x)
    when o.post is null then (select row_to_json(x) from (select o.id, o.type, o."createdAt", o.actor, o.comment, o.read) x)
    else row_to_json(o) end
  from (select ${n}.id, ${n}.type,
  ${isoTimestamp(`${n}.created_at`)} as "createdAt",
  (select ${userSummaryJson(`${n}_a`)} from users ${n}_a where ${n}_a.id = ${n}.actor_id) as actor,
  (select row_to_json(x) from (select ${n}_p.id, ${n}_p.title from posts ${n}_p where ${n}_p.id = ${n}.post_id) x) as post,
  (select row_to_json(x) from (select ${n}.comment_id as id where ${n}.comment_id is not null) x) as comment,
  ${n}.read) o)`,
);

/**
 * The reader `viewer` sees a notification of `n`: its actor is neither on either side of a block
 * with them nor muted by them, and the post it points at is not hidden from them by a block.
 */
export const shownNotification = (n: string, viewer: Viewer | undefined) =>
  viewer
    ? `${shownAuthor(viewer, `${n}.actor_id`)} and (${n}.post_id is null or ${unblocked(viewer, `(select np.author_id from posts np where np.id = ${n}.post_id)`)})`
    : 'true';

/** The largest int4 id plus one: no `before` means from the newest. */
const NO_CURSOR = 2_147_483_648;

const NOTIFICATIONS_PAGE = readerStatement(
  'notifications_page',
  (viewer) => `coalesce((select json_agg(j.json order by j.id desc) from (
      select n.id, ${notificationJson('n')} as json from notifications n
      where n.recipient_id = s.user_id and n.id < coalesce($3::int8, ${NO_CURSOR}) and ${shownNotification('n', viewer)}
      order by n.id desc limit $4) j), '[]')::text`,
);

/** The caller's notifications newest first, `limit` of them older than `before`: one statement. */
export async function listNotificationsFor(
  scope: SessionScope,
  { limit, before }: { limit: number; before?: number },
): Promise<Notification[]> {
  const json = await runForReader<string>(scope, NOTIFICATIONS_PAGE, [before ?? null, limit]);
  return jsonValue<Notification[]>(json, scope.jsonAsText);
}

const UNREAD_COUNT = readerStatement(
  'notifications_unread_count',
  (viewer) =>
    `(select count(*)::int from notifications n where n.recipient_id = s.user_id and not n.read and ${shownNotification('n', viewer)})`,
);

export async function countUnreadFor(scope: SessionScope): Promise<number> {
  return runForReader<number>(scope, UNREAD_COUNT, []);
}

// Hidden notifications are marked too (they stay hidden), but not counted: the count is of what the caller sees.
const MARK_READ = namedStatement(
  'notifications_mark_read',
  `with s as (select s.user_id, s.block_count, s.mute_count from ${OPEN_SESSION}),
    marked as (update notifications n set read = true from s
      where n.recipient_id = s.user_id and n.id <= $3 and not n.read returning n.actor_id, n.post_id)
    select (select count(*)::int from marked m where ${shownNotification('m', SESSION_VIEWER)}) from s`,
);

/** Marks the caller's unread notifications up to `upTo` read; how many of those they can see were marked. */
export async function updateNotificationsReadFor(scope: SessionScope, upTo: number): Promise<number> {
  const [count] = await runForSession<[number]>(scope, MARK_READ, [upTo]);
  return count;
}
