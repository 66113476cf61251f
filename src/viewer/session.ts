/**
 * The session check every domain applies to a reader: a statement that reads `from
 * ${OPEN_SESSION}` checks the caller's session in the same round trip as its read or write.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { onPrimary, routedReadPool } from '../db/read-pool.js';
import { runStatement, type Statement } from '../db/sql.js';
import { unauthorized } from '../platform/errors.js';

/** A caller whose session a statement checks; `sessionChecked` records that one did. */
export interface SessionHolder {
  jti: string;
  userId: number;
  sessionChecked: boolean;
}

/** Whether the session row `s` is still open: not logged out, not expired. */
export function sessionIsOpen(s: string): string {
  return `${s}.revoked_at is null and ${s}.expires_at > now()`;
}

/**
 * The open session named by the caller's token ($1 its `jti`, $2 its user). A statement that reads
 * `from ${OPEN_SESSION}` yields no row once the session has ended, so the logout check rides along
 * with the read or write itself: one round trip per request. Its own values start at $3.
 */
export const OPEN_SESSION = `sessions s where s.jti = $1 and s.user_id = $2 and ${sessionIsOpen('s')}`;

export const SESSION_ENDED = 'Session has ended; log in again';

/** What a session-checked statement needs from a procedure's context. */
export interface SessionScope {
  services: { orm: MikroORM };
  user: SessionHolder;
  /** The transport sends JSON as PostgreSQL built it (see json-text.ts). */
  jsonAsText: boolean;
}

/**
 * Runs a statement that reads `from ${OPEN_SESSION}` with the caller's session as $1, $2 and
 * `values` after them, and returns its one row; no row means the session has ended: 401.
 */
export async function runForSession<T extends unknown[]>(
  { services, user }: SessionScope,
  statement: Statement,
  values: unknown[],
): Promise<T> {
  const values_ = [user.jti, user.userId, ...values];
  let [row] = await runStatement(services.orm, statement, values_);
  // On a replica, the session was checked open on the primary first (read-your-writes.ts); no row
  // there means the replica has not the session's row yet: the primary answers.
  if (!row && routedReadPool() !== undefined)
    [row] = await onPrimary(() => runStatement(services.orm, statement, values_));
  user.sessionChecked = true;
  if (!row) throw unauthorized(SESSION_ENDED);
  return row as T;
}
