import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, notFound } from '../platform/errors.js';
import type { Page } from '../trpc/schemas.js';
import { jsonValue } from '../trpc/json-text.js';
import { insertNotification } from '../viewer/notifications.sql.js';
import {
  type Database,
  deleteLink,
  type DriverStatement,
  findRow,
  keysSettle,
  namedStatement,
  runRows,
  StatementValues,
} from '../db/sql.js';
import { OPEN_SESSION, runForSession, type SessionScope } from '../viewer/session.js';
import { userWithRelationsJson } from './users.sql.js';
import { userSummaryJson } from '../viewer/user-summary.sql.js';
import { brokeHandleKey, handleTaken } from '../viewer/handles.js';
import { FollowEntity } from './follow.entity.js';
import { noBlockBetween, unblocked, viewerById } from '../viewer/safety.sql.js';
import { readerStatement, runForReader } from '../viewer/reader-statements.js';
import { runShared } from '../posts/shared-answers.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';
import type { UserWithRelations } from './users.schemas.js';

export const USER_NOT_FOUND = 'User not found';

const USER_BY_ID = readerStatement(
  'user_by_id',
  (viewer) =>
    `(select ${userWithRelationsJson('u', { me: 's.user_id', viewer, markers: !viewer })} from users u where u.id = $3 and ${unblocked(viewer, 'u.id')})::text`,
  { snapshot: true },
);

/**
 * A profile (the caller's own without `id`), bounded (users.sql.ts), with the caller's session
 * checked in the same statement: one round trip; 404 when there is no such user. Concurrent reads
 * share their work. What follow and unfollow answer too, once their write is done.
 */
export async function getProfileFor(scope: SessionScope, id = scope.user.userId): Promise<UserWithRelations> {
  const json = await runShared(scope, USER_BY_ID, [id], [id]);
  if (json === null) throw notFound(USER_NOT_FOUND);
  return jsonValue<UserWithRelations>(json, scope.jsonAsText);
}

const USER_BY_HANDLE = readerStatement(
  'user_by_handle',
  (viewer) =>
    `(select ${userWithRelationsJson('u', { me: 's.user_id', viewer })} from users u where u.handle = $3 and ${unblocked(viewer, 'u.id')})::text`,
);

/**
 * The profile of the user with this handle, as getProfileFor answers it: one round trip (the
 * handle's key, then the user's row), 404 when nobody has it or a block stands between. Not shared
 * with concurrent readers: whose counters a shared answer must check is known only once it is read.
 */
export async function getProfileByHandleFor(scope: SessionScope, handle: string): Promise<UserWithRelations> {
  const json = await runForReader<string | null>(scope, USER_BY_HANDLE, [handle]);
  if (json === null) throw notFound(USER_NOT_FOUND);
  return jsonValue<UserWithRelations>(json, scope.jsonAsText);
}

/**
 * Users by id, JSON as text, but those on either side of a block with the reader `viewerId`, a page
 * of them after `before` when asked: the list's one statement (list-users.ts).
 */
export function selectUserSummaries(viewerId: number, { limit, before }: Page): DriverStatement {
  const values = new StatementValues();
  const shown = unblocked(viewerById(values.add(viewerId)), 'u.id');
  const after = before === undefined ? '' : `and u.id > ${values.add(before)}`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${userSummaryJson('u')}::text as json from users u where ${shown} ${after} order by u.id ${page}`,
    values: values.values,
  };
}

const USER_SHOWN = namedStatement(
  'user_shown',
  `select 1 from users u where u.id = $1 and ${noBlockBetween('u.id', '$2')}`,
);

/** 404 when there is no such user, or a block stands between them and the reader. */
export async function assertUserShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, USER_SHOWN, [id, viewerId])).length === 0) throw notFound(USER_NOT_FOUND);
}

/**
 * One side of a user's follow relations, by id, JSON as text, a keyset page after `before` when
 * asked: the list's one statement (follow-relation-list.ts). `followers`: who follows the user;
 * `followed`: whom the user follows.
 */
export function selectFollowRelations(
  userId: number,
  side: FollowSide,
  viewerId: number,
  { limit, before }: Page,
): DriverStatement {
  const [self, other] = side === 'followers' ? ['followed_id', 'follower_id'] : ['follower_id', 'followed_id'];
  const values = new StatementValues();
  const user = values.add(userId);
  const viewer = viewerById(values.add(viewerId));
  // The user's own lists are empty to a reader on either side of a block with them (the empty page then answers 404).
  const shown = `${unblocked(viewer, `f.${self}`)} and ${unblocked(viewer, `f.${other}`)}`;
  const cursor = before === undefined ? '' : `and f.${other} > ${values.add(before)}`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${userSummaryJson('u')}::text as json from follows f join users u on u.id = f.${other}
     where f.${self} = ${user} and ${shown} ${cursor} order by f.${other} ${page}`,
    values: values.values,
  };
}

export type FollowSide = 'followers' | 'followed';

const UPDATE_PROFILE = namedStatement(
  'user_update_profile',
  `update users u set first_name = coalesce($1, u.first_name), last_name = coalesce($2, u.last_name),
       handle = coalesce($4, u.handle)
     where u.id = $3 returning ${userSummaryJson('u')} as json`,
);

/** Changes the user's names and handle (only those given) and returns the new summary: one statement; or 404, or 400 for a taken handle. */
export async function updateUserProfile(
  db: Database,
  id: number,
  { firstName, lastName, handle }: Partial<Pick<UserSummary, 'firstName' | 'lastName' | 'handle'>>,
): Promise<UserSummary> {
  const row = await findRow<{ json: UserSummary }>(db, UPDATE_PROFILE, [
    firstName ?? null,
    lastName ?? null,
    id,
    handle ?? null,
  ]).catch((error: unknown) => {
    throw brokeHandleKey(error) ? handleTaken() : error;
  });
  if (!row) throw notFound(USER_NOT_FOUND);
  return row.json;
}

/** Ends `followerId`'s follow of `followedId`; none: 404 for a missing user or one across a block, else 400. */
export const deleteFollow = (em: EntityManager, followerId: number, followedId: number) =>
  deleteLink(
    em.nativeDelete(FollowEntity, { follower: followerId, followed: followedId }),
    'Not following this user',
    () => assertUserShown(em, followedId, followerId),
  );

/** What a broken key means for a follow (keysSettle). */
const FOLLOW_KEYS = {
  unique: () => badRequest('Already following this user'),
  foreign: () => notFound(USER_NOT_FOUND),
};

// Across a block (either way) the follows trigger inserts nothing (Migration20261126030000): the user is absent to the follower, 404.
const INSERT_FOLLOW = namedStatement(
  'follow_insert',
  `with ins as (insert into follows (follower_id, followed_id) values ($1, $2)
        returning follower_id, followed_id),
      noted as (${insertNotification(`select followed_id, 'follow', follower_id, null::int, null::int from ins`)})
     select 1 from ins`,
);

/**
 * Records the follow and notifies the followed user: one statement. The keys, not a
 * read-then-write, settle a double follow (400) and a missing user (404).
 */
export async function insertFollow(db: Database, followerId: number, followedId: number): Promise<void> {
  const rows = await keysSettle(runRows(db, INSERT_FOLLOW, [followerId, followedId]), FOLLOW_KEYS);
  if (rows.length === 0) throw notFound(USER_NOT_FOUND);
}

/**
 * Deletes the account. Every row that names the user (posts with their comments and likes,
 * comments, likes, follows both ways, events, sessions) goes with it by ON DELETE CASCADE: one
 * statement, so one transaction.
 */
const DELETE_ME = namedStatement(
  'user_delete_me',
  `delete from users u where u.id = $2 and exists (select 1 from ${OPEN_SESSION}) returning u.id`,
);

/** Deletes the caller's account while their session is open; of two at once, the second finds nothing: 401. */
export async function deleteUserFor(scope: SessionScope): Promise<void> {
  await runForSession(scope, DELETE_ME, []);
}
