import { unauthorized } from '../errors.js';
import { publicProcedure } from '../trpc.js';
import { User } from '../users/user.entity.js';
import { LoginResult, loginInput } from './auth.schemas.js';
import { hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { assertUnderLimits, clearHits, countHits } from './rate-limits.js';
import { Session } from './session.entity.js';
import { signAccessToken } from './tokens.js';

const INVALID_CREDENTIALS = 'Invalid email or password';

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
  .mutation(async ({ ctx, input }) => {
    const { em, services } = ctx;
    const { config } = services;
    // Failures are limited per email (known or not, so the limit reveals nothing) and per address.
    const limits = [
      {
        key: `login-email:${input.email}`,
        max: config.LOGIN_FAILURES_PER_EMAIL,
        windowSeconds: config.LOGIN_WINDOW_SECONDS,
      },
      {
        key: `login-address:${ctx.clientAddress}`,
        max: config.LOGIN_FAILURES_PER_ADDRESS,
        windowSeconds: config.LOGIN_WINDOW_SECONDS,
      },
    ];
    await assertUnderLimits(em, limits);
    const user = await em.findOne(User, { email: input.email }, { fields: ['id', 'passwordHash'] });
    // One answer, and about one cost, for an unknown email and a wrong password.
    if (!(await verifyPassword(user?.passwordHash, input.password, config)) || !user) {
      await countHits(em, limits);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await clearHits(em, [limits[0]!.key]);
    if (needsRehash(user.passwordHash, config)) {
      await em.nativeUpdate(User, { id: user.id }, { passwordHash: await hashPassword(input.password, config) });
    }
    const ttl = input.longExpiration ? config.JWT_LONG_TTL_SECONDS : config.JWT_TTL_SECONDS;
    const { token, jti, expiresAt } = signAccessToken(user.id, ttl, config.JWT_SECRET);
    await em.insert(Session, { jti, user: user.id, expiresAt });
    return { status: 'success' as const, token, jwt: token };
  });
