import type { EntityManager } from '@mikro-orm/postgresql';
import { isoTimestamp } from '../sql.js';

/** A session that can still authenticate: not revoked, not expired. */
const LIVE = 'revoked_at is null and expires_at > now()';

export interface SessionInfo {
  id: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

/** The user's live sessions, newest first, marking the one `currentJti` names. */
export function listLiveSessions(em: EntityManager, userId: number, currentJti: string): Promise<SessionInfo[]> {
  return em.execute<SessionInfo[]>(
    `select jti as id, ${isoTimestamp('created_at')} as "createdAt", ${isoTimestamp('expires_at')} as "expiresAt",
            jti = ? as current
     from sessions where user_id = ? and ${LIVE} order by created_at desc, jti`,
    [currentJti, userId],
  );
}

/** Revokes one live session of the user; false when it is not one. */
export async function revokeSession(em: EntityManager, userId: number, jti: string): Promise<boolean> {
  const revoked = await em.execute<{ jti: string }[]>(
    `update sessions set revoked_at = now() where jti = ? and user_id = ? and ${LIVE} returning jti`,
    [jti, userId],
  );
  return revoked.length > 0;
}

/** Revokes every live session of the user (logout everywhere). */
export async function revokeAllSessions(em: EntityManager, userId: number): Promise<void> {
  await em.execute(`update sessions set revoked_at = now() where user_id = ? and ${LIVE}`, [userId]);
}

/**
 * Stores a new password hash and revokes every other session of the user, in one statement (so
 * atomically): a stolen token dies with the old password; the caller's session stays.
 */
export async function replacePassword(em: EntityManager, userId: number, passwordHash: string, keepJti: string) {
  await em.execute(
    `with changed as (update users set password_hash = ? where id = ? returning id)
     update sessions set revoked_at = now()
     where user_id in (select id from changed) and jti <> ? and ${LIVE}`,
    [passwordHash, userId, keepJti],
  );
}
