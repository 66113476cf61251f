import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badRequest, unauthorized } from '../platform/errors.js';
import {
  type Database,
  findRow,
  isoTimestamp,
  keysSettle,
  namedStatement,
  runDriverStatement,
  type DriverStatement,
  runAfterLock,
  runRows,
  StatementValues,
} from '../db/sql.js';
import { OPEN_SESSION, runForSession, SESSION_ENDED, type SessionHolder, sessionIsOpen } from '../viewer/session.js';
import { UserEntity } from '../users/user.entity.js';
import { brokeHandleKey, handleTaken } from '../viewer/handles.js';
import type { UserSummary } from '../viewer/user-summary.schema.js';
import { userSummaryJson } from '../viewer/user-summary.sql.js';
import { RateLimitCounterEntity } from './rate-limit.entity.js';
import { SessionEntity } from './session.entity.js';

export const SESSION_NOT_FOUND = 'Session not found';
export const USER_EXISTS = 'User already exists';
/** A sign-up that lost the race for its email (keysSettle). */
const SIGNUP_KEYS = { unique: () => badRequest(USER_EXISTS) };

/* Sessions */

const SESSION_OPEN = namedStatement('session_open', `select 1 from ${OPEN_SESSION}`);

/** One primary-key lookup: the token's session is still open (logout holds across processes); 401 when not. */
export async function assertSessionOpen(orm: MikroORM, user: SessionHolder): Promise<void> {
  await runForSession({ services: { orm }, user, jsonAsText: false }, SESSION_OPEN, []);
}

export const insertSession = (
  em: EntityManager,
  { jti, userId, expiresAt }: { jti: string; userId: number; expiresAt: Date },
) => em.insert(SessionEntity, { jti, user: userId, expiresAt });

/** A session that can still authenticate: not revoked, not expired (the rule OPEN_SESSION uses). */
const LIVE = sessionIsOpen('sessions');

export interface SessionInfo {
  id: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

const LIVE_SESSIONS = namedStatement(
  'sessions_live',
  `select jti as id, ${isoTimestamp('created_at')} as "createdAt", ${isoTimestamp('expires_at')} as "expiresAt",
            jti = $1 as current
     from sessions where user_id = $2 and ${LIVE} order by created_at desc, jti`,
);

/** The user's live sessions, newest first, marking the one `currentJti` names. */
export const listLiveSessions = (db: Database, userId: number, currentJti: string) =>
  runRows<SessionInfo>(db, LIVE_SESSIONS, [currentJti, userId]);

const REVOKE_SESSION = namedStatement(
  'session_revoke',
  `update sessions set revoked_at = now() where jti = $1 and user_id = $2 and ${LIVE} returning jti`,
);

/** Revokes one live session of the user; false when it is not one. */
export async function updateSessionRevoked(db: Database, userId: number, jti: string): Promise<boolean> {
  return (await runRows(db, REVOKE_SESSION, [jti, userId])).length > 0;
}

const REVOKE_ALL_SESSIONS = namedStatement(
  'sessions_revoke_all',
  `update sessions set revoked_at = now() where user_id = $1 and ${LIVE}`,
);

/** Revokes every live session of the user (logout everywhere). */
export async function updateSessionsRevoked(db: Database, userId: number): Promise<void> {
  await runRows(db, REVOKE_ALL_SESSIONS, [userId]);
}

/** Deletes sessions that can no longer authenticate anything; returns how many. */
export const deleteExpiredSessions = (em: EntityManager, now = new Date()) =>
  em.nativeDelete(SessionEntity, { expiresAt: { $lt: now } });

/* Accounts and passwords */

const ACCOUNT_TAKEN = namedStatement(
  'user_account_taken',
  'select exists (select from users where email = $1) as email, exists (select from users where handle = $2) as handle',
);

/** 400 when an account has this (normalised) email, or this handle (given: null for one to derive). */
export async function assertAccountFree(db: Database, email: string, handle: string | null): Promise<void> {
  const taken = await findRow<{ email: boolean; handle: boolean }>(db, ACCOUNT_TAKEN, [email, handle]);
  if (taken?.email) throw badRequest(USER_EXISTS);
  if (taken?.handle) throw handleTaken();
}

// Without a handle given ($5), a free one derived from the name (Migration20261127210000).
const INSERT_USER = namedStatement(
  'user_insert',
  `insert into users as u (email, password_hash, first_name, last_name, handle)
     values ($1, $2, $3::text, $4::text, coalesce($5::text, feedline_free_handle($3, $4)))
     returning ${userSummaryJson('u')} as json`,
);

/** A derived handle may meet one given at the same moment: derive again, this many times in all. */
const INSERT_USER_ATTEMPTS = 3;

/** The new account's summary, or undefined when the handle was taken meanwhile. */
async function insertUserOnce(db: Database, values: unknown[]): Promise<UserSummary | undefined> {
  try {
    return (await findRow<{ json: UserSummary }>(db, INSERT_USER, values))!.json;
  } catch (error) {
    if (brokeHandleKey(error)) return undefined;
    throw error;
  }
}

/**
 * Creates the account and returns its summary: one statement. The unique keys settle concurrent
 * signups: 400 for a taken email or a taken handle given; concurrent derivations of one name take
 * turns in the statement, each getting a free handle.
 */
export async function insertUser(
  db: Database,
  {
    email,
    passwordHash,
    firstName,
    lastName,
    handle,
  }: { email: string; passwordHash: string; firstName: string; lastName: string; handle: string | null },
): Promise<UserSummary> {
  const values = [email, passwordHash, firstName, lastName, handle];
  for (let attempt = 1; attempt <= INSERT_USER_ATTEMPTS; attempt++) {
    const summary = await keysSettle(insertUserOnce(db, values), SIGNUP_KEYS);
    if (summary) return summary;
    if (handle !== null) break;
  }
  throw handleTaken();
}

const CREDENTIALS_BY_EMAIL = namedStatement(
  'user_credentials_by_email',
  'select id, password_hash as "passwordHash" from users where email = $1',
);

/** What a login checks a password against, or null when no account has this email. */
export const findCredentialsByEmail = (db: Database, email: string) =>
  findRow<{ id: number; passwordHash: string }>(db, CREDENTIALS_BY_EMAIL, [email]);

const CREDENTIALS_BY_ID = namedStatement(
  'user_credentials_by_id',
  'select email, password_hash as "passwordHash" from users where id = $1',
);

/** The account's email and password hash, or null when it no longer exists. */
export const findCredentialsById = (db: Database, id: number) =>
  findRow<{ email: string; passwordHash: string }>(db, CREDENTIALS_BY_ID, [id]);

/** Stores a new hash of the same password (stronger settings); sessions are untouched. */
export const updatePasswordHash = (em: EntityManager, id: number, passwordHash: string) =>
  em.nativeUpdate(UserEntity, { id }, { passwordHash });

const LOCK_USER = namedStatement('user_lock', 'select 1 from users where id = $1 for update');

const REPLACE_PASSWORD = namedStatement(
  'user_replace_password',
  `with changed as (
       update users set password_hash = $3 where id = $2 and exists (select 1 from ${OPEN_SESSION}) returning id),
     revoked as (
       update sessions set revoked_at = now() where user_id in (select id from changed) and jti <> $1 and ${LIVE})
     select id from changed`,
);

/**
 * Stores a new password hash and revokes every other session of the user, atomically, if the
 * caller's session is still open when it writes: a logout (or another session's change, which
 * ended this one) that came first wins, and this one answers 401. The user's row is locked first,
 * so concurrent changes run one after the other and each reads the sessions as the one before left them.
 */
export async function updatePasswordRevokingOtherSessions(
  user: SessionHolder,
  passwordHash: string,
  db: Database,
): Promise<void> {
  const changed = await runAfterLock(db, LOCK_USER, [user.userId], REPLACE_PASSWORD, [
    user.jti,
    user.userId,
    passwordHash,
  ]);
  user.sessionChecked = true;
  if (changed.length === 0) throw unauthorized(SESSION_ENDED);
}

/* Rate-limit counters (the decisions are in rate-limits.ts) */

/** One limit's sliding window (rate-limits.ts's slidingWindow): what a count needs of it. */
export interface CounterWindow {
  key: string;
  /** The current window's start, and the previous one's. */
  start: Date;
  previousStart: Date;
  /** The share of the previous window still inside the sliding one, 0 to 1. */
  weight: number;
  add: number;
  max: number;
}

/** What a count found in one window: whether it went up, and the counts it saw. */
export interface CounterState {
  counted: boolean;
  previous: number;
  current: number;
}

/**
 * The windows to count, $1 to $6 (counterValues), each with the room its sliding count leaves
 * (`room`: its max less the previous window's weighted count), then `up`: each window's current count
 * goes up by `add` only while it stays within that room, rows taken in key order. `onlyIf` is a
 * condition every count also needs (an open session). One text for the login, signup and write limits.
 */
export const slidingCount = (onlyIf = 'true') =>
  `k as (
      select k.*, k.max - coalesce(p.hits, 0) * k.weight as room, coalesce(p.hits, 0) as previous_hits,
        coalesce(c.hits, 0) as current_hits
      from unnest($1::text[], $2::timestamptz[], $3::timestamptz[], $4::float8[], $5::int[], $6::int[])
        as k(key, start, previous_start, weight, add, max)
      left join rate_limit_counters p on p.key = k.key and p.window_start = k.previous_start
      left join rate_limit_counters c on c.key = k.key and c.window_start = k.start),
    up as (
      insert into rate_limit_counters as c (key, window_start, hits)
      select k.key, k.start, k.add from k where k.add <= k.room and ${onlyIf} order by k.key
      on conflict (key, window_start) do update set hits = c.hits + excluded.hits
      where c.hits + excluded.hits <= (select k.room from k where k.key = c.key)
      returning c.key)`;

/** The values of slidingCount's $1 to $6. */
export const counterValues = (windows: CounterWindow[]) => [
  windows.map((w) => w.key),
  windows.map((w) => w.start),
  windows.map((w) => w.previousStart),
  windows.map((w) => w.weight),
  windows.map((w) => w.add),
  windows.map((w) => w.max),
];

const COUNT = namedStatement(
  'rate_limit_count',
  `with ${slidingCount()}
    select k.key, k.key in (select key from up) as counted, k.previous_hits as previous, k.current_hits as "current" from k`,
);

/**
 * Counts one attempt in each window, in one statement that both counts and decides: a window's
 * count goes up only while its sliding count stays within its `max`. What each window found.
 */
export async function upsertCounters(db: Database, windows: CounterWindow[]): Promise<Map<string, CounterState>> {
  const rows = await runRows<CounterState & { key: string }>(db, COUNT, counterValues(windows));
  return new Map(rows.map(({ key, ...state }) => [key, state]));
}

/** Takes one attempt back from each window (never below zero). */
export async function updateCountersReleased(
  db: Database,
  windows: Pick<CounterWindow, 'key' | 'start'>[],
): Promise<void> {
  await runDriverStatement(db, releaseCounters(windows));
}

/** The statement of updateCountersReleased: one condition per window. */
export function releaseCounters(windows: Pick<CounterWindow, 'key' | 'start'>[]): DriverStatement {
  const values = new StatementValues();
  const which = windows.map((w) => `(key = ${values.add(w.key)} and window_start = ${values.add(w.start)})`);
  return {
    text: `update rate_limit_counters set hits = hits - 1 where hits > 0 and (${which.join(' or ')})`,
    values: values.values,
  };
}

/** Forgets the counts of these keys (a successful login clears its email's failures). */
export async function deleteCounters(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length) await em.nativeDelete(RateLimitCounterEntity, { key: { $in: keys } });
}

/** Deletes windows that ended long ago; how many. */
export const deleteOldCounters = (em: EntityManager, olderThan: Date) =>
  em.nativeDelete(RateLimitCounterEntity, { windowStart: { $lt: olderThan } });
