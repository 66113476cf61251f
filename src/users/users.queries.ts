import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, notFound, unprocessable } from '../platform/errors.js';
import type { Page } from '../trpc/schemas.js';
import type { DocumentPart } from '../trpc/streamed-route.js';
import { inLargeAnswerSlot, type LargeAnswerScope } from '../trpc/large-answers.js';
import { jsonValue, StreamedAnswer } from '../trpc/json-text.js';
import { insertNotification } from '../notifications/notifications.queries.js';
import {
  OPEN_SESSION,
  runDriverStatement,
  runForSession,
  runRows,
  StatementValues,
  deleteLink,
  findRow,
  keysSettle,
  type Database,
  type DriverStatement,
  type SessionScope,
  type Statement,
} from '../db/sql.js';
import { smallUserWithRelationsText, userWithRelationsTextUpTo, userWithRelationsRows } from './users.sql.js';
import { userSummaryJson } from './user-summary.sql.js';
import { FollowEntity } from './follow.entity.js';
import { noBlockBetween, unblocked, viewerById } from './safety.sql.js';
import { readerStatement, runForReader } from './reader-statements.js';
import type { UserSummary } from './user-summary.schema.js';
import type { UserWithRelations } from './users.schemas.js';

export const USER_NOT_FOUND = 'User not found';

/**
 * A profile built whole (over /trpc an answer is one value) over PROFILE_MAX_BYTES is refused
 * with a pointer to the paged lists, so no read makes this process hold more; PostgreSQL measures
 * it before it is sent. REST streams large profiles instead (json-stream.ts).
 */
export const PROFILE_TOO_LARGE =
  'This profile is too large for one answer (see PROFILE_MAX_BYTES): page its lists (users.posts, users.followers, users.followed), or read GET /users/{id} over REST, which streams it';

const USER_BY_ID = readerStatement('user_by_id', (viewer) => userWithRelationsTextUpTo('$3', '$4::int', viewer));
const CALLER_PROFILE = readerStatement('user_me', (viewer) =>
  userWithRelationsTextUpTo('s.user_id', '$3::int', viewer),
);

/**
 * A profile (the caller's own without `id`), with the caller's session checked in the same
 * statement: one round trip; 404 when there is no such user, 422 when it is over `maxBytes`.
 */
export async function getProfileFor(
  scope: SessionScope,
  id: number | undefined,
  maxBytes: number,
): Promise<UserWithRelations> {
  const json = await runForReader<string | null>(
    scope,
    id === undefined ? CALLER_PROFILE : USER_BY_ID,
    id === undefined ? [maxBytes] : [id, maxBytes],
  );
  if (json === null) throw notFound(USER_NOT_FOUND);
  if (json === '') throw unprocessable(PROFILE_TOO_LARGE);
  return jsonValue<UserWithRelations>(json, scope.jsonAsText);
}

/**
 * A profile built whole (/trpc, createCaller): a small one (see findSmallProfileTextFor) at once,
 * a larger one up to PROFILE_MAX_BYTES in a large-answer slot (large-answers.ts), so a batch of
 * large profiles holds no more of them at once than the slots allow. 404 and 422 as getProfileFor.
 */
export async function getWholeProfileFor(
  scope: SessionScope & LargeAnswerScope,
  id: number | undefined,
): Promise<UserWithRelations> {
  const small = await findSmallProfileTextFor(scope, id ?? scope.user.userId);
  if (small === null) throw notFound(USER_NOT_FOUND);
  if (small) return jsonValue<UserWithRelations>(small, scope.jsonAsText);
  return inLargeAnswerSlot(scope, scope.user.userId, () =>
    getProfileFor(scope, id, scope.services.config.PROFILE_MAX_BYTES),
  );
}

/**
 * A larger profile is streamed over REST (json-stream.ts) up to this size sent whole, needing no
 * stream slot; a larger one takes a slot (or 429/503) and streams.
 */
export const PROFILE_SENT_WHOLE_UP_TO_BYTES = 256 * 1024;

const SMALL_PROFILE = readerStatement('user_small_profile', (viewer) =>
  smallUserWithRelationsText('$3', { maxItems: 500, maxBytes: PROFILE_SENT_WHOLE_UP_TO_BYTES }, viewer),
);

/**
 * Most profiles are small: one with at most 500 elements in its lists together and 256 KiB of JSON is built
 * whole in one statement, the caller's session checked in it, so profiles stay a hot read of one
 * round trip. Its JSON as text; '' when it is larger (then it is streamed), null when there is no
 * such user.
 */
export async function findSmallProfileTextFor(scope: SessionScope, id: number): Promise<string | null> {
  return runForReader<string | null>(scope, SMALL_PROFILE, [id]);
}

/**
 * A profile (UserWithRelations) as a REST stream writes it (json-stream.ts) to the reader
 * `viewerId`: the user's summary without its closing brace, then each list as its rows arrive. No
 * row for the user (none, or a block between them): a 404.
 */
export function profileDocument(userId: number, viewerId: number): DocumentPart[] {
  const values = [userId, viewerId];
  return [
    { text: userWithRelationsRows.user, values, render: (user) => user.slice(0, -1) },
    ...userWithRelationsRows.lists.flatMap(({ field, text }) => [`,${JSON.stringify(field)}:[`, { text, values }, ']']),
    '}',
  ];
}

/**
 * The profile a write answers with (follow, unfollow): over REST as GET /users/{id} sends it, whole
 * when small and otherwise streamed from one snapshot (json-stream.ts), so no answer is held whole
 * however large the profile; elsewhere built whole up to `maxBytes` (422 over it: the write stands).
 */
export async function getProfileAnswerFor(
  scope: SessionScope & LargeAnswerScope,
  id: number,
): Promise<UserWithRelations> {
  if (!scope.jsonAsText) return getWholeProfileFor(scope, id);
  const answer = new StreamedAnswer(
    profileDocument(id, scope.user.userId),
    PROFILE_SENT_WHOLE_UP_TO_BYTES,
    scope.user.userId,
    () => notFound(USER_NOT_FOUND),
  );
  return answer as unknown as UserWithRelations;
}

/**
 * Users by id, but those on either side of a block with the reader `viewerId`, a page of them after
 * `before` when asked; `::text` selects the JSON as text (for streams).
 */
function selectUserSummaries(viewerId: number, { limit, before }: Page, cast: '' | '::text'): DriverStatement {
  const values = new StatementValues();
  const shown = unblocked(viewerById(values.add(viewerId)), 'u.id');
  const after = before === undefined ? '' : `and u.id > ${values.add(before)}`;
  const page = limit === undefined ? '' : `limit ${values.add(limit)}`;
  return {
    text: `select ${userSummaryJson('u')}${cast} as json from users u where ${shown} ${after} order by u.id ${page}`,
    values: values.values,
  };
}

/** Users by id; a page of them after `before` when asked: one statement. */
export async function listUserSummaries(db: Database, viewerId: number, page: Page = {}): Promise<UserSummary[]> {
  const rows = await runDriverStatement<{ json: UserSummary }>(db, selectUserSummaries(viewerId, page, ''));
  return rows.map((row) => row.json);
}

/** Every user (after `before` when given), as a REST stream writes the list (json-stream.ts). */
export const userSummariesDocument = (viewerId: number, before?: number): DocumentPart[] => [
  '[',
  selectUserSummaries(viewerId, { before }, '::text'),
  ']',
];

const USER_SHOWN: Statement = {
  name: 'user_shown',
  text: `select 1 from users u where u.id = $1 and ${noBlockBetween('u.id', '$2')}`,
};

/** 404 when there is no such user, or a block stands between them and the reader. */
export async function assertUserShown(db: Database, id: number, viewerId: number): Promise<void> {
  if ((await runRows(db, USER_SHOWN, [id, viewerId])).length === 0) throw notFound(USER_NOT_FOUND);
}

/**
 * One side of a user's follow relations, by id, a keyset page after `before` when asked.
 * `followers`: who follows the user; `followed`: whom the user follows. `::text`: JSON as text.
 */
function selectFollowRelations(
  userId: number,
  side: FollowSide,
  viewerId: number,
  { limit, before }: Page,
  cast: '' | '::text',
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
    text: `select ${userSummaryJson('u')}${cast} as json from follows f join users u on u.id = f.${other}
     where f.${self} = ${user} and ${shown} ${cursor} order by f.${other} ${page}`,
    values: values.values,
  };
}

export type FollowSide = 'followers' | 'followed';

/** One side of a user's follow relations (see selectFollowRelations): one statement. */
export async function listFollowRelations(
  db: Database,
  userId: number,
  side: FollowSide,
  viewerId: number,
  page: Page = {},
): Promise<UserSummary[]> {
  const rows = await runDriverStatement<{ json: UserSummary }>(
    db,
    selectFollowRelations(userId, side, viewerId, page, ''),
  );
  return rows.map((row) => row.json);
}

/** One side of a user's follow relations (after `before` when given), as a REST stream writes it (json-stream.ts). */
export const followRelationsDocument = (
  userId: number,
  side: FollowSide,
  viewerId: number,
  before?: number,
): DocumentPart[] => ['[', selectFollowRelations(userId, side, viewerId, { before }, '::text'), ']'];

const UPDATE_NAMES: Statement = {
  name: 'user_update_names',
  text: `update users u set first_name = coalesce($1, u.first_name), last_name = coalesce($2, u.last_name)
     where u.id = $3 returning ${userSummaryJson('u')} as json`,
};

/** Renames the user (only the names given) and returns the new summary: one statement; or 404. */
export async function updateUserNames(
  db: Database,
  id: number,
  { firstName, lastName }: Partial<Pick<UserSummary, 'firstName' | 'lastName'>>,
): Promise<UserSummary> {
  const row = await findRow<{ json: UserSummary }>(db, UPDATE_NAMES, [firstName ?? null, lastName ?? null, id]);
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
const INSERT_FOLLOW: Statement = {
  name: 'follow_insert',
  text: `with ins as (insert into follows (follower_id, followed_id) values ($1, $2)
        returning follower_id, followed_id),
      noted as (${insertNotification(`select followed_id, 'follow', follower_id, null::int, null::int from ins`)})
     select 1 from ins`,
};

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
const DELETE_ME: Statement = {
  name: 'user_delete_me',
  text: `delete from users u where u.id = $2 and exists (select 1 from ${OPEN_SESSION}) returning u.id`,
};

/** Deletes the caller's account while their session is open; of two at once, the second finds nothing: 401. */
export async function deleteUserFor(scope: SessionScope): Promise<void> {
  await runForSession(scope, DELETE_ME, []);
}
