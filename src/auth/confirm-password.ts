import { badRequest, unauthorized } from '../platform/errors.js';
import type { OrmContext } from '../trpc/trpc.js';
import { findCredentialsById } from './auth.queries.js';
import type { SessionUser } from './authenticate.js';
import { loginFailureLimits } from './login.js';
import type { Passwords } from './passwords.js';
import { reserve } from './rate-limits.js';

export const WRONG_PASSWORD = 'Password is incorrect';

/**
 * A signed-in caller re-enters their password before a sensitive change. A wrong one is a 400 (the
 * caller is authenticated; the password is input) and counts as a failed login for their email and
 * address, so a stolen token cannot be used to guess the password; past the limit, 429. `passwords`:
 * the request's place among the hashes (withPasswords).
 */
export async function confirmPassword(
  ctx: OrmContext & { user: SessionUser },
  password: string,
  passwords: Passwords,
): Promise<void> {
  const { em } = ctx;
  const account = await findCredentialsById(em, ctx.user.userId);
  if (!account) throw unauthorized('Account no longer exists'); // deleted since the session check
  // Reserved before the check, as a login is: a wrong password keeps the attempt, a right one gives it back.
  const reservation = await reserve(em, loginFailureLimits(ctx, account.email));
  let verified: boolean;
  try {
    verified = await passwords.verify(account.passwordHash, password);
  } catch (error) {
    await reservation.release().catch(() => undefined);
    throw error;
  }
  if (!verified) throw badRequest(WRONG_PASSWORD);
  await reservation.release();
}
