import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.js';
import { unauthorized } from '../errors.js';
import { Session } from './session.entity.js';
import { verifyAccessToken, type AccessClaims } from './tokens.js';

export type Caller = AccessClaims;

/**
 * Resolves the caller of an authenticated request: a valid token whose session is still open
 * (one primary-key lookup, so logout holds across every process sharing the database).
 */
export async function authenticate(em: EntityManager, config: Config, token: string | null): Promise<Caller> {
  if (!token) throw unauthorized('Authentication required');
  const claims = verifyAccessToken(token, config.JWT_SECRET);
  const open = await em.count(Session, {
    jti: claims.jti,
    user: claims.userId,
    revokedAt: null,
    expiresAt: { $gt: new Date() },
  });
  if (open === 0) throw unauthorized('Session has ended; log in again');
  return claims;
}
