import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { badRequest, unauthorized } from '../platform/errors.js';
import {
  statementFor,
  borrowConnection,
  isoTimestamp,
  SESSION_ENDED,
  OPEN_SESSION,
  runDriverStatement,
  runForSession,
  runRows,
  StatementValues,
  sessionIsOpen,
  findRow,
  keysSettle,
  type Database,
  type SessionHolder,
  type Statement,
} from '../db/sql.js';
import { UserEntity } from '../users/user.entity.js';
import { RateLimitCounterEntity } from './rate-limit.entity.js';
import { SessionEntity } from './session.entity.js';

export const SESSION_NOT_FOUND = 'Session not found';
export const USER_EXISTS = 'User already exists';
/** A sign-up that lost the race for its email (keysSettle). */
const SIGNUP_KEYS = { unique: () => badRequest(USER_EXISTS) };

/* Sessions */

const SESSION_OPEN: Statement = { name: 'session_open', text: `select 1 from ${OPEN_SESSION}` };

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

const LIVE_SESSIONS: Statement = {
  name: 'sessions_live',
  text: `select jti as id, ${isoTimestamp('created_at')} as "createdAt", ${isoTimestamp('expires_at')} as "expiresAt",
            jti = $1 as current
     from sessions where user_id = $2 and ${LIVE} order by created_at desc, jti`,
};

/** The user's live sessions, newest first, marking the one `currentJti` names. */
export const listLiveSessions = (db: Database, userId: number, currentJti: string) =>
  runRows<SessionInfo>(db, LIVE_SESSIONS, [currentJti, userId]);

const REVOKE_SESSION: Statement = {
  name: 'session_revoke',
  text: `update sessions set revoked_at = now() where jti = $1 and user_id = $2 and ${LIVE} returning jti`,
};

/** Revokes one live session of the user; false when it is not one. */
export async function updateSessionRevoked(db: Database, userId: number, jti: string): Promise<boolean> {
  return (await runRows(db, REVOKE_SESSION, [jti, userId])).length > 0;
}

const REVOKE_ALL_SESSIONS: Statement = {
  name: 'sessions_revoke_all',
  text: `update sessions set revoked_at = now() where user_id = $1 and ${LIVE}`,
};

/** Revokes every live session of the user (logout everywhere). */
export async function updateSessionsRevoked(db: Database, userId: number): Promise<void> {
  await runRows(db, REVOKE_ALL_SESSIONS, [userId]);
}

/** Deletes sessions that can no longer authenticate anything; returns how many. */
export const deleteExpiredSessions = (em: EntityManager, now = new Date()) =>
  em.nativeDelete(SessionEntity, { expiresAt: { $lt: now } });

/* Accounts and passwords */

const EMAIL_TAKEN: Statement = { name: 'user_email_taken', text: 'select 1 from users where email = $1' };

/** 400 when an account has this (normalised) email. */
export async function assertEmailFree(db: Database, email: string): Promise<void> {
  if ((await runRows(db, EMAIL_TAKEN, [email])).length > 0) throw badRequest(USER_EXISTS);
}

/** Creates the account and returns its id; the unique key on the email settles concurrent signups: 400. */
export async function insertUser(
  em: EntityManager,
  {
    email,
    passwordHash,
    firstName,
    lastName,
  }: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<number> {
  return keysSettle(em.insert(UserEntity, { email, passwordHash, firstName, lastName }), SIGNUP_KEYS);
}

const CREDENTIALS_BY_EMAIL: Statement = {
  name: 'user_credentials_by_email',
  text: 'select id, password_hash as "passwordHash" from users where email = $1',
};

/** What a login checks a password against, or null when no account has this email. */
export const findCredentialsByEmail = (db: Database, email: string) =>
  findRow<{ id: number; passwordHash: string }>(db, CREDENTIALS_BY_EMAIL, [email]);

const CREDENTIALS_BY_ID: Statement = {
  name: 'user_credentials_by_id',
  text: 'select email, password_hash as "passwordHash" from users where id = $1',
};

/** The account's email and password hash, or null when it no longer exists. */
export const findCredentialsById = (db: Database, id: number) =>
  findRow<{ email: string; passwordHash: string }>(db, CREDENTIALS_BY_ID, [id]);

/** Stores a new hash of the same password (stronger settings); sessions are untouched. */
export const updatePasswordHash = (em: EntityManager, id: number, passwordHash: string) =>
  em.nativeUpdate(UserEntity, { id }, { passwordHash });

const LOCK_USER: Statement = { name: 'user_lock', text: 'select 1 from users where id = $1 for update' };

const REPLACE_PASSWORD: Statement = {
  name: 'user_replace_password',
  text: `with changed as (
       update users set password_hash = $3 where id = $2 and exists (select 1 from ${OPEN_SESSION}) returning id),
     revoked as (
       update sessions set revoked_at = now() where user_id in (select id from changed) and jti <> $1 and ${LIVE})
     select id from changed`,
};

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
  const { client, release } = await borrowConnection(db);
  let changed: boolean;
  let clean = false;
  try {
    await client.query('begin');
    await client.query(statementFor(db, { ...LOCK_USER, values: [user.userId] }));
    // A statement of its own: it reads the sessions as they are once the lock is held.
    const { rows } = await client.query(
      statementFor(db, { ...REPLACE_PASSWORD, values: [user.jti, user.userId, passwordHash] }),
    );
    await client.query('commit');
    clean = true;
    changed = rows.length > 0;
  } finally {
    if (!clean)
      clean = await client.query('rollback').then(
        () => true,
        () => false,
      );
    await release({ discard: !clean });
  }
  user.sessionChecked = true;
  if (!changed) throw unauthorized(SESSION_ENDED);
}

/* Rate-limit counters (the decisions are in rate-limits.ts) */

/** One limit's current window. */
export interface CounterWindow {
  key: string;
  start: Date;
  max: number;
}

/**
 * Counts one attempt in each window, in one statement that both counts and decides: a window's
 * count goes up only while it is under its `max`. The keys of the windows that went up.
 */
export async function upsertCounters(db: Database, windows: CounterWindow[]): Promise<string[]> {
  const values = new StatementValues();
  const rows = windows.map((w) => `(${values.add(w.key)}, ${values.add(w.start)}, 1)`).join(', ');
  const maxima = windows.map((w) => `when ${values.add(w.key)} then ${values.add(w.max)}::int`).join(' ');
  const counted = await runDriverStatement<{ key: string }>(db, {
    text: `insert into rate_limit_counters as counter (key, window_start, hits)
     values ${rows}
     on conflict (key, window_start) do update set hits = counter.hits + 1
     where counter.hits < case counter.key ${maxima} end
     returning key`,
    values: values.values,
  });
  return counted.map((row) => row.key);
}

/** Takes one attempt back from each window (never below zero). */
export async function updateCountersReleased(db: Database, windows: Omit<CounterWindow, 'max'>[]): Promise<void> {
  const values = new StatementValues();
  const which = windows.map((w) => `(key = ${values.add(w.key)} and window_start = ${values.add(w.start)})`);
  await runDriverStatement(db, {
    text: `update rate_limit_counters set hits = hits - 1 where hits > 0 and (${which.join(' or ')})`,
    values: values.values,
  });
}

/** Forgets the counts of these keys (a successful login clears its email's failures). */
export async function deleteCounters(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length) await em.nativeDelete(RateLimitCounterEntity, { key: { $in: keys } });
}

/** Deletes windows that ended long ago; how many. */
export const deleteOldCounters = (em: EntityManager, olderThan: Date) =>
  em.nativeDelete(RateLimitCounterEntity, { windowStart: { $lt: olderThan } });
