import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../platform/config.js';
import { unauthorized } from '../platform/errors.js';
import type { SessionHolder } from '../viewer/session.js';
import { assertSessionOpen } from './auth.queries.js';
import { verifyAccessToken, type AccessClaims } from './tokens.js';

/** A verified token; `sessionChecked` turns true once a statement has seen its session open. */
export type SessionUser = AccessClaims & SessionHolder;

/**
 * The one authentication of a request, for the procedures (trpc.ts) and the REST streams
 * (json-stream.ts): the bearer token verified (signature, expiry, claims) without the database;
 * with `sessionNow`, its session checked open too (one statement). Without it, the caller's own
 * statements check the session (they read `from OPEN_SESSION`, sql.ts): one round trip per
 * request. A missing or bad token, or an ended session: 401.
 */
export async function authenticate(
  { orm, config }: { orm: MikroORM; config: Config },
  token: string | null,
  { sessionNow }: { sessionNow: boolean },
): Promise<SessionUser> {
  if (!token) throw unauthorized('Authentication required');
  const user: SessionUser = { ...verifyAccessToken(token, config.JWT_SECRET), sessionChecked: false };
  if (sessionNow) await assertSessionOpen(orm, user);
  return user;
}
