import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { unauthorized } from '../errors.js';
import { verifyAccessToken, type AccessClaims } from './tokens.js';

export type Caller = AccessClaims;

/**
 * Resolves the caller of an authenticated request: a valid token whose session is still open
 * (one primary-key lookup, so logout holds across every process sharing the database).
 */
export async function authenticate(em: EntityManager, config: Config, token: string | null): Promise<Caller> {
  if (!token) throw unauthorized('Authentication required');
  const claims = verifyAccessToken(token, config.JWT_SECRET);
  // Plain SQL: this runs on every request, and the ORM's query building cost more than the lookup.
  const open = await em
    .getConnection()
    .execute('select 1 from sessions where jti = ? and user_id = ? and revoked_at is null and expires_at > now()', [
      claims.jti,
      claims.userId,
    ]);
  if (open.length === 0) throw unauthorized('Session has ended; log in again');
  return claims;
}
