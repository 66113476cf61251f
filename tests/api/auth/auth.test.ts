import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deleteExpiredSessions } from '../../../src/auth/auth.queries.js';
import { SessionEntity } from '../../../src/auth/session.entity.js';
import { expectApiError, expectNoSecrets, expectTrpcError } from '../../support/fixtures.js';
import { PASSWORD, useHarness } from '../../support/harness.js';

const h = useHarness();

const uniqueEmail = () => `person-${randomUUID()}@example.com`;
const signupBody = (email = uniqueEmail()) => ({
  email,
  password: PASSWORD,
  passwordValidation: PASSWORD,
  firstName: 'Grace',
  lastName: 'Hopper',
});

describe('POST /auth/signup', () => {
  it('answers 200 with the new UserSummary and nothing more', async () => {
    const body = signupBody();
    const res = await h.request('POST', '/auth/signup', { body });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      firstName: 'Grace',
      lastName: 'Hopper',
      avatarUrl: null,
      handle: expect.stringMatching(/^grace_hopper\d*$/),
    });
    expectNoSecrets(res.text, body.email, PASSWORD);
  });

  it('trims names and stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail();
    const res = await h.request('POST', '/auth/signup', {
      body: { ...signupBody(`  ${email.toUpperCase()} `), firstName: '  Grace ', lastName: ' Hopper  ' },
    });
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const login = await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.status).toBe(200);
  });

  it('answers 400 when the user already exists, in any letter case', async () => {
    const email = uniqueEmail();
    expect((await h.request('POST', '/auth/signup', { body: signupBody(email) })).status).toBe(200);
    expectApiError(
      await h.request('POST', '/auth/signup', { body: signupBody(email) }),
      400,
      'BAD_REQUEST',
      'User already exists',
    );
    expectApiError(
      await h.request('POST', '/auth/signup', { body: signupBody(email.toUpperCase()) }),
      400,
      'BAD_REQUEST',
      'User already exists',
    );
  });

  it.each([
    ['no body', {}, 'email'],
    ['missing email', { ...signupBody(), email: undefined }, 'email'],
    ['invalid email', { ...signupBody(), email: 'not-an-email' }, 'email'],
    ['short password', { ...signupBody(), password: 'short', passwordValidation: 'short' }, 'password'],
    [
      'password over 128 characters',
      { ...signupBody(), password: 'p'.repeat(129), passwordValidation: 'p'.repeat(129) },
      'password',
    ],
    ['passwordValidation differs', { ...signupBody(), passwordValidation: 'something else' }, 'passwordValidation'],
    ['missing passwordValidation', { ...signupBody(), passwordValidation: undefined }, 'passwordValidation'],
    ['blank firstName', { ...signupBody(), firstName: '   ' }, 'firstName'],
    ['missing lastName', { ...signupBody(), lastName: undefined }, 'lastName'],
    ['lastName over 100 characters', { ...signupBody(), lastName: 'x'.repeat(101) }, 'lastName'],
    ['email of the wrong type', { ...signupBody(), email: 42 }, 'email'],
  ])('answers 400 for invalid input: %s', async (_name, body, field) => {
    const res = await h.request('POST', '/auth/signup', { body });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('creates nothing when refused', async () => {
    const email = uniqueEmail();
    await h.request('POST', '/auth/signup', { body: { ...signupBody(email), passwordValidation: 'nope nope' } });
    expect((await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
  });

  it('works as a procedure', async () => {
    const user = await h.caller().auth.signup(signupBody());
    expect(user).toEqual({
      id: expect.any(Number),
      firstName: 'Grace',
      lastName: 'Hopper',
      avatarUrl: null,
      handle: expect.stringMatching(/^grace_hopper\d*$/),
    });
    await expectTrpcError(
      h.caller().auth.signup({ ...signupBody(), passwordValidation: 'x' }),
      'BAD_REQUEST',
      /passwordValidation/,
    );
  });
});

describe('POST /auth/login', () => {
  it('answers 200 with status success and an HS256 JWT carrying sub, jti, iat and exp (1 hour)', async () => {
    const body = signupBody();
    const { body: user } = await h.request('POST', '/auth/signup', { body });
    const res = await h.request('POST', '/auth/login', { body: { email: body.email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', token: expect.any(String) });
    const decoded = jwt.decode(res.body.token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    const claims = decoded.payload as jwt.JwtPayload;
    expect(claims.sub).toBe(String(user.id));
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('keeps the session for 30 days with longExpiration: true', async () => {
    const body = signupBody();
    await h.request('POST', '/auth/signup', { body });
    const res = await h.request('POST', '/auth/login', {
      body: { email: body.email, password: PASSWORD, longExpiration: true },
    });
    const claims = jwt.decode(res.body.token) as jwt.JwtPayload;
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
  });

  it.each([
    ['email missing', { password: PASSWORD }],
    ['password missing', { email: 'someone@example.com' }],
    ['both missing', {}],
    ['empty email', { email: '', password: PASSWORD }],
  ])('answers 400 when %s', async (_name, body) => {
    expectApiError(await h.request('POST', '/auth/login', { body }), 400, 'BAD_REQUEST');
  });

  it('answers 401 with one identical body for an unknown email and a wrong password', async () => {
    const body = signupBody();
    await h.request('POST', '/auth/signup', { body });
    const wrongPassword = await h.request('POST', '/auth/login', {
      body: { email: body.email, password: 'wrong password' },
    });
    const unknownEmail = await h.request('POST', '/auth/login', { body: { email: uniqueEmail(), password: PASSWORD } });
    expectApiError(wrongPassword, 401, 'UNAUTHORIZED', 'Invalid email or password');
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.text).toBe(wrongPassword.text);
  });

  it('works as a procedure', async () => {
    const body = signupBody();
    await h.caller().auth.signup(body);
    await expect(h.caller().auth.login({ email: body.email, password: PASSWORD })).resolves.toMatchObject({
      status: 'success',
    });
    await expectTrpcError(h.caller().auth.login({ email: body.email, password: 'nope' }), 'UNAUTHORIZED');
  });
});

describe('GET /auth/logout', () => {
  it('answers 200 and ends that token for good, leaving other sessions open', async () => {
    const user = await h.user();
    const other = await h.caller().auth.login({ email: user.email, password: PASSWORD });
    const res = await h.request('GET', '/auth/logout', { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expectApiError(await h.request('GET', '/users/me', { token: user.token }), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/auth/logout', { token: user.token }), 401, 'UNAUTHORIZED');
    expect((await h.request('GET', '/users/me', { token: other.token })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('GET', '/auth/logout'), 401, 'UNAUTHORIZED');
    await expectTrpcError(h.caller().auth.logout(), 'UNAUTHORIZED');
  });
});

describe('tokens', () => {
  const secret = () => h.services.config.JWT_SECRET;

  async function claimsOf() {
    const user = await h.user();
    return { user, claims: jwt.decode(user.token) as jwt.JwtPayload };
  }

  it('a valid token works', async () => {
    const { user } = await claimsOf();
    expect((await h.request('GET', '/users/me', { token: user.token })).status).toBe(200);
  });

  it.each([
    ['missing', () => Promise.resolve(undefined)],
    ['malformed', () => Promise.resolve('not.a.jwt')],
    [
      'signed with another secret',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: claims.jti }, 'another-secret-that-is-also-32-bytes-long', {
          expiresIn: 60,
        });
      },
    ],
    [
      'expired',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: claims.jti, exp: Math.floor(Date.now() / 1000) - 10 }, secret());
      },
    ],
    [
      'without exp',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: claims.jti }, secret());
      },
    ],
    [
      'with alg none',
      async () => {
        const { claims } = await claimsOf();
        const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: claims.sub, jti: claims.jti, exp: claims.exp })}.`;
      },
    ],
    [
      'with another algorithm (HS512)',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: claims.jti }, secret(), { algorithm: 'HS512', expiresIn: 60 });
      },
    ],
    [
      'naming a session that does not exist',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: randomUUID() }, secret(), { expiresIn: 60 });
      },
    ],
    [
      "naming another user's session",
      async () => {
        const { claims } = await claimsOf();
        const other = await claimsOf();
        return jwt.sign({ sub: other.claims.sub, jti: claims.jti }, secret(), { expiresIn: 60 });
      },
    ],
    [
      'with a jti that is not a uuid',
      async () => {
        const { claims } = await claimsOf();
        return jwt.sign({ sub: claims.sub, jti: "x' or 1=1" }, secret(), { expiresIn: 60 });
      },
    ],
  ])('answers 401 UNAUTHORIZED for a token %s', async (_name, makeToken) => {
    const token = await makeToken();
    const res = await h.request('GET', '/users/me', { token });
    expectApiError(res, 401, 'UNAUTHORIZED');
  });

  it('answers 401 for a token of a deleted user', async () => {
    const user = await h.user();
    await h.orm.em.getConnection().execute('delete from users where id = ?', [user.id]);
    expectApiError(await h.request('GET', '/users/me', { token: user.token }), 401, 'UNAUTHORIZED');
  });

  it('expired sessions are purged', async () => {
    const user = await h.user();
    const em = h.orm.em.fork();
    await em.nativeUpdate(SessionEntity, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await deleteExpiredSessions(em)).toBeGreaterThanOrEqual(1);
    expect(await em.count(SessionEntity, { user: user.id })).toBe(0);
  });
});
