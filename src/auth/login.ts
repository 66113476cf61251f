import { unauthorized } from '../platform/errors.js';
import { publicProcedure, type Context } from '../trpc/trpc.js';
import { deleteCounters, findCredentialsByEmail, insertSession, updatePasswordHash } from './auth.queries.js';
import { LoginResult, loginInput } from './auth.schemas.js';
import { needsRehash, withPasswords } from './passwords.js';
import { reserve, type Limit } from './rate-limits.js';
import { signAccessToken } from './tokens.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Failed logins are limited per email (known or not, so the limit reveals nothing) and per client
 * address. Other password checks (password change, account deletion) count against the same limits.
 */
export function loginFailureLimits(ctx: Context, email: string): [Limit, Limit] {
  const { config } = ctx.services;
  return [
    {
      key: `login-email:${email}`,
      kind: 'login-email',
      max: config.LOGIN_FAILURES_PER_EMAIL,
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
    },
    {
      key: `login-address:${ctx.clientAddress}`,
      kind: 'login-address',
      max: config.LOGIN_FAILURES_PER_ADDRESS,
      windowSeconds: config.LOGIN_WINDOW_SECONDS,
    },
  ];
}

export const login = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/login',
      tags: ['auth'],
      protect: false,
      summary: 'Log in and receive a bearer token',
      description:
        'Serves both groups: `/auth/login` and `/auth/login/` are one route. `token` and `jwt` hold the same JWT.',
    },
    errors: {
      400: 'Email or password missing',
      401: 'Incorrect email or password',
      429: 'Too many failed logins for this email or from this address; see Retry-After',
    },
  })
  .input(loginInput)
  .output(LoginResult)
  .mutation(({ ctx, input }) =>
    // A place among the password hashes first: a refused login costs no statement.
    withPasswords(ctx.services.config, ctx.clientAddress, async (passwords) => {
      const { em, services } = ctx;
      const { config } = services;
      const limits = loginFailureLimits(ctx, input.email);
      // The attempt is reserved before the password check: a failure keeps it, a success gives it back.
      const reservation = await reserve(em, limits);
      let user: { id: number; passwordHash: string } | null;
      let verified: boolean;
      try {
        user = await findCredentialsByEmail(em, input.email);
        // One answer, and about one cost, for an unknown email and a wrong password.
        verified = await passwords.verify(user?.passwordHash, input.password);
      } catch (error) {
        await reservation.release().catch(() => undefined);
        throw error;
      }
      if (!verified || !user) throw unauthorized(INVALID_CREDENTIALS);
      await Promise.all([deleteCounters(em, [limits[0].key]), reservation.release([limits[1].key])]);
      if (needsRehash(user.passwordHash, config)) {
        await updatePasswordHash(em, user.id, await passwords.hash(input.password));
      }
      const ttl = input.longExpiration ? config.JWT_LONG_TTL_SECONDS : config.JWT_TTL_SECONDS;
      const { token, jti, expiresAt } = signAccessToken(user.id, ttl, config.JWT_SECRET);
      await insertSession(em, { jti, userId: user.id, expiresAt });
      // Its next requests, on any node, read where the session is (viewer/read-your-writes.ts).
      await services.reads?.recordWrite(user.id);
      return { status: 'success' as const, token, jwt: token };
    }),
  );
