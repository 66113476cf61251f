import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNoSecrets, expectTrpcError, ISO_UTC } from '../../support/fixtures.js';
import { Harness, PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/** Tight brute-force limits, so that counting wrong passwords shows within a few requests. */
const LIMITS = { LOGIN_FAILURES_PER_EMAIL: '3', LOGIN_FAILURES_PER_ADDRESS: '1000' };

const h = useHarness(LIMITS);
let other: Harness; // a second service process on the same database
beforeAll(async () => {
  other = await Harness.attach(h.databaseUrl, LIMITS);
});
afterAll(async () => {
  await other.close();
});

const NEW_PASSWORD = 'a brand new passphrase';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function login(user: TestUser, password = PASSWORD, longExpiration = false) {
  return (await h.caller().auth.login({ email: user.email, password, longExpiration })).token;
}
const status = async (server: Harness, token: string) => (await server.request('GET', '/users/me', { token })).status;

describe('POST /auth/password', () => {
  it('answers 200; every other session ends at once, on every process; this one and the new password work', async () => {
    const user = await h.user();
    const laptop = await login(user);
    const phone = await login(user);
    expect(await status(other, laptop)).toBe(200);
    const res = await h.request('POST', '/auth/password', {
      token: user.token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, newPasswordValidation: NEW_PASSWORD },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expectNoSecrets(res.text, NEW_PASSWORD);
    // The other process answers from the database on the very next request.
    expect(await status(other, laptop)).toBe(401);
    expect(await status(other, phone)).toBe(401);
    expect(await status(h, phone)).toBe(401);
    expect(await status(other, user.token)).toBe(200);
    await expectTrpcError(h.caller().auth.login({ email: user.email, password: PASSWORD }), 'UNAUTHORIZED');
    expect(await login(user, NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it.each([
    ['no body', undefined],
    ['currentPassword missing', { newPassword: NEW_PASSWORD, newPasswordValidation: NEW_PASSWORD }],
    ['newPassword too short', { currentPassword: PASSWORD, newPassword: 'short', newPasswordValidation: 'short' }],
    [
      'newPassword over 128',
      { currentPassword: PASSWORD, newPassword: 'x'.repeat(129), newPasswordValidation: 'x'.repeat(129) },
    ],
    [
      'newPasswordValidation differs',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, newPasswordValidation: 'other one!' },
    ],
    [
      'currentPassword wrong',
      { currentPassword: 'wrong password', newPassword: NEW_PASSWORD, newPasswordValidation: NEW_PASSWORD },
    ],
  ])('answers 400 when %s, and the password and sessions stay', async (_name, body) => {
    const user = await h.user();
    const laptop = await login(user);
    expectApiError(await h.request('POST', '/auth/password', { token: user.token, body }), 400, 'BAD_REQUEST');
    expect(await status(h, laptop)).toBe(200);
    expect(await login(user)).toEqual(expect.any(String));
  });

  it('wrong current passwords count toward the login limit: then 429 with Retry-After, here and at login', async () => {
    const user = await h.user();
    const wrong = { currentPassword: 'wrong password', newPassword: NEW_PASSWORD, newPasswordValidation: NEW_PASSWORD };
    for (let i = 0; i < 3; i++) {
      expect((await h.request('POST', '/auth/password', { token: user.token, body: wrong })).status).toBe(400);
    }
    const limited = await other.request('POST', '/auth/password', {
      token: user.token,
      body: { ...wrong, currentPassword: PASSWORD },
    });
    expectApiError(limited, 429, 'TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const atLogin = await h.request('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } });
    expectApiError(atLogin, 429, 'TOO_MANY_REQUESTS');
    // Deleting the account asks for the password too, under the same limit.
    expectApiError(
      await h.request('DELETE', '/users/me', { token: user.token, body: { password: PASSWORD } }),
      429,
      'TOO_MANY_REQUESTS',
    );
  });

  it('answers 401 without a token, and works as a procedure', async () => {
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, newPasswordValidation: NEW_PASSWORD };
    expectApiError(await h.request('POST', '/auth/password', { body }), 401, 'UNAUTHORIZED');
    const user = await h.user();
    await expectTrpcError(
      h.caller(user.token).auth.changePassword({ ...body, currentPassword: 'wrong password' }),
      'BAD_REQUEST',
      'Password is incorrect',
    );
    expect(await h.caller(user.token).auth.changePassword(body)).toEqual({ status: 'success' });
  });
});

describe('GET /auth/sessions and DELETE /auth/sessions/{id}', () => {
  it("lists the caller's live sessions, newest first, marking the current one", async () => {
    const user = await h.user();
    const long = await login(user, PASSWORD, true);
    const ended = await login(user);
    await h.caller(ended).auth.logout();
    const someoneElse = await h.user();
    const res = await h.request('GET', '/auth/sessions', { token: long });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.stringMatching(UUID),
        createdAt: expect.stringMatching(ISO_UTC),
        expiresAt: expect.stringMatching(ISO_UTC),
        current: true,
      },
      {
        id: expect.stringMatching(UUID),
        createdAt: expect.stringMatching(ISO_UTC),
        expiresAt: expect.stringMatching(ISO_UTC),
        current: false,
      },
    ]);
    expect(res.body[0].createdAt >= res.body[1].createdAt).toBe(true);
    expect(Date.parse(res.body[0].expiresAt) - Date.parse(res.body[1].expiresAt)).toBeGreaterThan(24 * 3600_000);
    expectNoSecrets(res.text, long, user.token, someoneElse.token);
    expect((await h.caller(user.token).auth.sessions()).map((s) => s.current)).toEqual([false, true]);
  });

  it('ends one session (204): its token gets 401 on every process; others stay', async () => {
    const user = await h.user();
    const phone = await login(user);
    const [phoneSession] = await h.caller(phone).auth.sessions();
    const res = await h.request('DELETE', `/auth/sessions/${phoneSession!.id}`, { token: user.token });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    expect(await status(other, phone)).toBe(401);
    expect(await status(other, user.token)).toBe(200);
    // Ended already: not a live session any more.
    expectApiError(
      await h.request('DELETE', `/auth/sessions/${phoneSession!.id}`, { token: user.token }),
      404,
      'NOT_FOUND',
    );
  });

  it("answers 404 for another user's session (and leaves it alone), 400 for a malformed id, 401 without a token", async () => {
    const user = await h.user();
    const victim = await h.user();
    const [victimSession] = await h.caller(victim.token).auth.sessions();
    expectApiError(
      await h.request('DELETE', `/auth/sessions/${victimSession!.id}`, { token: user.token }),
      404,
      'NOT_FOUND',
    );
    expect(await status(h, victim.token)).toBe(200);
    expectApiError(
      await h.request('DELETE', '/auth/sessions/not-a-uuid', { token: user.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    expectApiError(await h.request('DELETE', `/auth/sessions/${victimSession!.id}`), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/auth/sessions'), 401, 'UNAUTHORIZED');
    await expectTrpcError(h.caller(user.token).auth.endSession({ id: victimSession!.id }), 'NOT_FOUND');
    await expect(
      h.caller(user.token).auth.endSession({ id: (await h.caller(user.token).auth.sessions())[0]!.id }),
    ).resolves.toBeUndefined();
  });
});

describe('GET /auth/logout?all=true', () => {
  it('ends every session of the caller, this one included, on every process; other users stay', async () => {
    const user = await h.user();
    const bystander = await h.user();
    const phone = await login(user);
    const res = await h.request('GET', '/auth/logout?all=true', { token: user.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expect(await status(other, user.token)).toBe(401);
    expect(await status(other, phone)).toBe(401);
    expect(await status(other, bystander.token)).toBe(200);
  });

  it('without all (or all=false) ends only this session', async () => {
    const user = await h.user();
    const phone = await login(user);
    const laptop = await login(user);
    expect((await h.request('GET', '/auth/logout?all=false', { token: phone })).status).toBe(200);
    expect((await h.request('GET', '/auth/logout', { token: laptop })).status).toBe(200);
    expect(await status(other, phone)).toBe(401);
    expect(await status(other, laptop)).toBe(401);
    expect(await status(other, user.token)).toBe(200);
  });

  it('answers 400 for another value of all, 401 without a token, and works as a procedure', async () => {
    const user = await h.user();
    expectApiError(await h.request('GET', '/auth/logout?all=yes', { token: user.token }), 400, 'BAD_REQUEST');
    expect(await status(h, user.token)).toBe(200);
    expectApiError(await h.request('GET', '/auth/logout?all=true'), 401, 'UNAUTHORIZED');
    const phone = await login(user);
    expect(await h.caller(user.token).auth.logout({ all: true })).toEqual({ status: 'success' });
    expect(await status(other, phone)).toBe(401);
  });
});
