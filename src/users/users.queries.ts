import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, unprocessable } from '../errors.js';
import type { Page } from '../schemas.js';
import type { DocumentPart } from '../json-stream.js';
import { jsonValue } from '../json-text.js';
import { insertNotification } from '../notifications/notifications.queries.js';
import {
  OPEN_SESSION,
  runForSession,
  smallUserWithRelationsText,
  textUpTo,
  userSummaryJson,
  userWithRelationsJson,
  userWithRelationsRows,
  type SessionScope,
  type Statement,
} from '../sql.js';
import { UserEntity } from './user.entity.js';
import type { UserSummary } from './user-summary.schema.js';
import type { UserWithRelations } from './users.schemas.js';

export const USER_NOT_FOUND = 'User not found';

/** A profile with posts, comments, followed and followers, built in one statement; or 404. */
export async function readUserWithRelations(em: EntityManager, id: number): Promise<UserWithRelations> {
  const [row] = await em.execute<{ json: UserWithRelations }[]>(
    `select ${userWithRelationsJson('u')} as json from users u where u.id = ?`,
    [id],
  );
  if (!row) throw notFound(USER_NOT_FOUND);
  return row.json;
}

/**
 * A profile built whole (over /trpc an answer is one value) over PROFILE_MAX_BYTES is refused
 * with a pointer to the paged lists, so no read makes this process hold more; PostgreSQL measures
 * it before it is sent. REST streams large profiles instead (json-stream.ts).
 */
export const PROFILE_TOO_LARGE =
  'This profile is too large for one answer (see PROFILE_MAX_BYTES): page its lists (users.posts, users.followers, users.followed), or read GET /users/{id} over REST, which streams it';

const USER_BY_ID: Statement = {
  name: 'user_by_id',
  text: `select ${textUpTo(`(select ${userWithRelationsJson('u')} from users u where u.id = $3)::text`, '$4::int')} from ${OPEN_SESSION}`,
};
const CALLER_PROFILE: Statement = {
  name: 'user_me',
  text: `select ${textUpTo(`(select ${userWithRelationsJson('u')} from users u where u.id = s.user_id)::text`, '$3::int')} from ${OPEN_SESSION}`,
};

/**
 * A profile (the caller's own without `id`), with the caller's session checked in the same
 * statement: one round trip; 404 when there is no such user, 422 when it is over `maxBytes`.
 */
export async function readProfileFor(
  scope: SessionScope,
  id: number | undefined,
  maxBytes: number,
): Promise<UserWithRelations> {
  const [json] = await runForSession<[string | null]>(
    scope,
    id === undefined ? CALLER_PROFILE : USER_BY_ID,
    id === undefined ? [maxBytes] : [id, maxBytes],
  );
  if (json === null) throw notFound(USER_NOT_FOUND);
  if (json === '') throw unprocessable(PROFILE_TOO_LARGE);
  return jsonValue<UserWithRelations>(json, scope.jsonAsText);
}

/**
 * A larger profile is streamed over REST (json-stream.ts) up to this size sent whole, needing no
 * stream slot; a larger one takes a slot (or 429/503) and streams.
 */
export const PROFILE_SENT_WHOLE_UP_TO_BYTES = 256 * 1024;

const SMALL_PROFILE: Statement = {
  name: 'user_small_profile',
  text: `select ${smallUserWithRelationsText('$3', { maxItems: 500, maxBytes: PROFILE_SENT_WHOLE_UP_TO_BYTES })} from ${OPEN_SESSION}`,
};

/**
 * Most profiles are small: one with at most 500 elements in each list and 256 KiB of JSON is built
 * whole in one statement, the caller's session checked in it, so profiles stay a hot read of one
 * round trip. Its JSON as text; '' when it is larger (then it is streamed), null when there is no
 * such user.
 */
export async function readSmallProfileTextFor(scope: SessionScope, id: number): Promise<string | null> {
  const [text] = await runForSession<[string | null]>(scope, SMALL_PROFILE, [id]);
  return text;
}

/**
 * A profile (UserWithRelations) as a REST stream writes it (json-stream.ts): the user's summary
 * without its closing brace, then each list as its rows arrive. No row for the user: a 404.
 */
export function profileDocument(userId: number): DocumentPart[] {
  const values = [userId];
  return [
    { text: userWithRelationsRows.user, values, render: (user) => user.slice(0, -1) },
    ...userWithRelationsRows.lists.flatMap(({ field, text }) => [`,${JSON.stringify(field)}:[`, { text, values }, ']']),
    '}',
  ];
}

/** Users by id; a page of them after `before` when asked. */
export async function listUserSummaries(em: EntityManager, { limit, before }: Page = {}): Promise<UserSummary[]> {
  const users = await em.find(UserEntity, before === undefined ? {} : { id: { $gt: before } }, {
    fields: ['id', 'firstName', 'lastName'],
    orderBy: { id: 'asc' },
    limit,
  });
  return users.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
}

export async function assertUserExists(em: EntityManager, id: number): Promise<void> {
  if ((await em.count(UserEntity, { id })) === 0) throw notFound(USER_NOT_FOUND);
}

/**
 * One side of a user's follow relations, by id, a keyset page after `before` when asked: one
 * statement. `followers`: who follows the user; `followed`: whom the user follows.
 */
export async function listFollowRelations(
  em: EntityManager,
  userId: number,
  side: 'followers' | 'followed',
  { limit, before }: Page = {},
): Promise<UserSummary[]> {
  const [self, other] = side === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
  const params: unknown[] = [userId];
  const cursor = before === undefined ? '' : `and f.${other} > ?`;
  if (before !== undefined) params.push(before);
  const page = limit === undefined ? '' : 'limit ?';
  if (limit !== undefined) params.push(limit);
  const rows = await em.execute<{ json: UserSummary }[]>(
    `select ${userSummaryJson('u')} as json from follows f join users u on u.id = f.${other}
     where f.${self} = ? ${cursor} order by f.${other} ${page}`,
    params,
  );
  return rows.map((row) => row.json);
}

/** Renames the user (only the names given) and returns the new summary: one statement. */
export async function renameUser(
  em: EntityManager,
  id: number,
  { firstName, lastName }: Partial<Pick<UserSummary, 'firstName' | 'lastName'>>,
): Promise<UserSummary> {
  const [row] = await em.execute<{ json: UserSummary }[]>(
    `update users u set first_name = coalesce(?, u.first_name), last_name = coalesce(?, u.last_name)
     where u.id = ? returning ${userSummaryJson('u')} as json`,
    [firstName ?? null, lastName ?? null, id],
  );
  if (!row) throw notFound(USER_NOT_FOUND);
  return row.json;
}

/** Records the follow and notifies the followed user: one statement; the keys settle doubles and missing users. */
export async function insertFollow(em: EntityManager, followerId: number, followedId: number): Promise<void> {
  await em.execute(
    `with ins as (insert into follows (follower_id, followed_id) values (?, ?) returning follower_id, followed_id),
      noted as (${insertNotification(`select followed_id, 'follow', follower_id, null::int, null::int from ins`)})
     select 1 from ins`,
    [followerId, followedId],
  );
}
