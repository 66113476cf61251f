import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserEntity } from '../../../src/users/user.entity.js';
import { expectApiError } from '../../support/fixtures.js';
import { Harness, PASSWORD, useHarness } from '../../support/harness.js';

const LIMITS = {
  LOGIN_FAILURES_PER_EMAIL: '3',
  LOGIN_FAILURES_PER_ADDRESS: '1000',
  SIGNUPS_PER_ADDRESS: '4',
};

const signupBody = (email = `s-${randomUUID()}@example.com`) => ({
  email,
  password: PASSWORD,
  passwordValidation: PASSWORD,
  firstName: 'Sec',
  lastName: 'Urity',
});

describe('brute-force limits (counters in PostgreSQL)', () => {
  const h = useHarness(LIMITS);
  let other: Harness;
  beforeAll(async () => {
    other = await Harness.attach(h.databaseUrl, LIMITS); // a second service process
  });
  afterAll(async () => {
    await other.close();
  });

  it('refuses a 4th failed login for one email with 429 and Retry-After, even with the right password, in every process', async () => {
    const { email } = await h.user();
    for (let i = 0; i < 3; i++) {
      expect((await h.request('POST', '/auth/login', { body: { email, password: 'wrong password' } })).status).toBe(
        401,
      );
    }
    const limited = await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expectApiError(limited, 429, 'TOO_MANY_REQUESTS');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // The window slides: a failure early in one window still weighs through part of the next.
    expect(retryAfter).toBeLessThanOrEqual(2 * 900);
    expect((await other.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(429);
    const rpc = await h.request('POST', '/trpc/auth.login', { body: { email, password: PASSWORD } });
    expect(rpc.status).toBe(429);
    // The window's end is the same; the seconds left may have ticked down between the two answers.
    const rpcRetryAfter = Number(rpc.headers.get('retry-after'));
    expect(rpcRetryAfter).toBeLessThanOrEqual(retryAfter);
    expect(rpcRetryAfter).toBeGreaterThanOrEqual(retryAfter - 5);
  });

  it('limits unknown emails the same way, so the limit reveals nothing', async () => {
    const email = `ghost-${randomUUID()}@example.com`;
    for (let i = 0; i < 3; i++) await h.request('POST', '/auth/login', { body: { email, password: 'whatever1' } });
    expect((await h.request('POST', '/auth/login', { body: { email, password: 'whatever1' } })).status).toBe(429);
  });

  it('a successful login clears its email’s failures', async () => {
    const { email } = await other.user();
    for (let i = 0; i < 2; i++)
      await other.request('POST', '/auth/login', { body: { email, password: 'wrong password' } });
    expect((await other.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 2; i++)
      await other.request('POST', '/auth/login', { body: { email, password: 'wrong password' } });
    expect((await other.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('limits failed logins per client address across emails', async () => {
    const fresh = await Harness.start({ ...LIMITS, LOGIN_FAILURES_PER_ADDRESS: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const body = { email: `spray-${i}-${randomUUID()}@example.com`, password: 'nope nope' };
        statuses.push((await fresh.request('POST', '/auth/login', { body })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('limits signups and registrations per address', async () => {
    const fresh = await Harness.start(LIMITS);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await fresh.request('POST', '/auth/signup', { body: signupBody() })).status);
      statuses.push(
        (
          await fresh.request('POST', '/auth/register/', {
            body: {
              email: `r-${randomUUID()}@example.com`,
              name: 'R R',
              password: PASSWORD,
              password_confirm: PASSWORD,
            },
          })
        ).status,
      );
      const refused = await fresh.request('POST', '/auth/signup', { body: signupBody() });
      expect(statuses).toEqual([200, 200, 200, 201]);
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await fresh.close();
    }
  });
});

describe('signups per address and per network', () => {
  // Behind a proxy (loopback), each request names its client in X-Forwarded-For.
  const signupFrom = (h: Harness, address: string) =>
    h.request('POST', '/auth/signup', { body: signupBody(), headers: { 'x-forwarded-for': address } });

  it('the defaults: 5 per address (Mastodon), 20 per /24 and per /64, a fresh network unaffected', async () => {
    const h = await Harness.start({
      TRUST_PROXY: 'loopback',
      SIGNUPS_PER_ADDRESS: '5',
      SIGNUPS_PER_NETWORK: '20',
    });
    try {
      const one = [];
      for (let i = 0; i < 6; i++) one.push((await signupFrom(h, '203.0.113.1')).status);
      expect(one).toEqual([200, 200, 200, 200, 200, 429]);
      // 15 more from other addresses of the same /24 (5 counted already): the 21st of the network is refused.
      const network = [];
      for (let i = 2; i <= 17; i++) network.push((await signupFrom(h, `203.0.113.${i}`)).status);
      expect(network).toEqual([...Array<number>(15).fill(200), 429]);
      const refused = await signupFrom(h, '203.0.113.200');
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // IPv6: one /64 is one network, however its addresses are written.
      const v6 = [];
      for (let i = 1; i <= 21; i++) v6.push((await signupFrom(h, `2001:db8:0:1::${i.toString(16)}`)).status);
      expect(v6.filter((status) => status === 200)).toHaveLength(20);
      expect((await signupFrom(h, '2001:0db8:0000:0001:ffff::1')).status).toBe(429);
      // Another network is untouched: no global cap.
      expect((await signupFrom(h, '198.51.100.7')).status).toBe(200);
      expect((await signupFrom(h, '2001:db8:0:2::1')).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe('headers', () => {
  const h = useHarness();

  // Every way a response is written: Express (health, 413), REST's one writeHead (answers and
  // errors), the tRPC adapter, the docs page, a streamed list. Each header once (fetch would join
  // a repeated one with ", "), and the request's id.
  it.each([
    ['GET', '/healthz', 200],
    ['GET', '/posts?limit=1', 200],
    ['GET', '/posts', 200],
    ['GET', '/posts/999999', 404],
    ['DELETE', '/posts', 405],
    ['GET', '/trpc/posts.list', 200],
    ['GET', '/docs/', 200],
  ] as const)('sends helmet’s protective headers, once, and X-Request-Id: %s %s', async (method, path, status) => {
    const { token } = await h.user();
    const res = await h.request(method, path, { token, headers: { 'x-request-id': 'trace-headers' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(res.headers.get('x-request-id')).toBe('trace-headers');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('sends no security header twice when a route sets one itself', async () => {
    const res = await h.request('GET', '/posts/not-a-number');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('allows no cross-origin browser calls by default', async () => {
    const res = await h.request('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows exactly the origins in CORS_ORIGINS', async () => {
    const withCors = await Harness.start({ CORS_ORIGINS: 'https://app.example, https://admin.example' });
    try {
      const preflight = await withCors.request('OPTIONS', '/posts', {
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      const denied = await withCors.request('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
      expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await withCors.close();
    }
  });
});

describe('mass assignment and secrets', () => {
  const h = useHarness();

  it('signup ignores id and passwordHash in the body', async () => {
    const body = { ...signupBody(), id: 1, passwordHash: '$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA' };
    const res = await h.request('POST', '/auth/signup', { body });
    expect(res.status).toBe(200);
    expect((await h.request('POST', '/auth/login', { body: { email: body.email, password: PASSWORD } })).status).toBe(
      200,
    );
    const stored = await h.orm.em.fork().findOneOrFail(UserEntity, { email: body.email }, { fields: ['passwordHash'] });
    expect(stored.passwordHash).not.toBe(body.passwordHash);
  });

  it('PATCH and comment ignore id, createdBy and likedBy', async () => {
    const author = await h.user();
    const intruder = await h.user();
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const patched = await h.request('PATCH', `/posts/${post.id}`, {
      token: author.token,
      body: {
        title: 'T',
        content: 'C',
        id: post.id + 1,
        createdBy: { id: intruder.id },
        likedBy: [{ id: intruder.id }],
      },
    });
    expect(patched.body).toMatchObject({ id: post.id, createdBy: { id: author.id }, likedBy: [] });
    const comment = await h.request('POST', `/posts/${post.id}/comment`, {
      token: intruder.token,
      body: { content: 'x', createdBy: { id: author.id }, likedBy: [{ id: author.id }] },
    });
    expect(comment.body).toMatchObject({ createdBy: { id: intruder.id }, likedBy: [] });
  });

  it('a tRPC batch of more than 20 calls is refused', async () => {
    const user = await h.user();
    const batch = (n: number) => `/trpc/${Array(n).fill('users.me').join(',')}?batch=1`;
    expect((await h.request('GET', batch(20), { token: user.token })).status).toBe(200);
    expect((await h.request('GET', batch(21), { token: user.token })).status).toBe(400);
  });

  it('passwords over 128 characters are refused before any hashing', async () => {
    const long = 'p'.repeat(129);
    expectApiError(
      await h.request('POST', '/auth/signup', { body: { ...signupBody(), password: long, passwordValidation: long } }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(
      await h.request('POST', '/auth/login', { body: { email: 'a@example.com', password: 'p'.repeat(100_000) } }),
      400,
      'BAD_REQUEST',
    );
  });

  it('upgrades a hash on login when the hashing parameters change', async () => {
    const user = await h.user();
    const em = h.orm.em.fork();
    const before = (await em.findOneOrFail(UserEntity, { id: user.id }, { fields: ['passwordHash'] })).passwordHash;
    expect(before).toContain('m=1024,t=1');
    const upgraded = await Harness.attach(h.databaseUrl, { ARGON2_MEMORY_KIB: '2048', ARGON2_TIME_COST: '2' });
    try {
      expect(
        (await upgraded.request('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } })).status,
      ).toBe(200);
      const after = (await em.fork().findOneOrFail(UserEntity, { id: user.id }, { fields: ['passwordHash'] }))
        .passwordHash;
      expect(after).toContain('m=2048,t=2');
      expect(
        (await upgraded.request('POST', '/auth/login', { body: { email: user.email, password: PASSWORD } })).status,
      ).toBe(200);
    } finally {
      await upgraded.close();
    }
  });

  it('unknown email and wrong password take about the same time', async () => {
    const { email } = await h.user();
    const time = async (body: object) => {
      const started = performance.now();
      await h.request('POST', '/auth/login', { body });
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 15; i++) {
      unknown.push(await time({ email: `nobody-${i}@example.com`, password: 'wrong password' }));
      wrong.push(await time({ email, password: 'wrong password' }));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[7]!;
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('brute-force limits under concurrency and batching', () => {
  const limits = { LOGIN_FAILURES_PER_EMAIL: '3', LOGIN_FAILURES_PER_ADDRESS: '5', SIGNUPS_PER_ADDRESS: '4' };
  // A fresh harness per test: each starts with no failed logins counted.
  let h: Harness;
  beforeEach(async () => {
    h = await Harness.start(limits);
  });
  afterEach(() => h.close());

  /** A /trpc batch of calls of one procedure, each with its own input. */
  const batch = (procedure: string, inputs: object[]) =>
    h.request('POST', `/trpc/${inputs.map(() => procedure).join(',')}?batch=1`, {
      body: Object.fromEntries(inputs.map((input, i) => [i, input])),
    });
  const statusesOf = (res: { body: { error?: { data: { httpStatus: number } } }[] }) =>
    res.body.map((item) => item.error?.data.httpStatus ?? 200);
  const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

  // A 401 is answered only after a real password check: at most the limit may get one.
  it('60 concurrent wrong logins for one email: at most 3 reach the password check', async () => {
    const { email } = await h.user();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, () =>
        h.request('POST', '/auth/login', { body: { email, password: 'wrong password' } }).then((r) => r.status),
      ),
    );
    expect(count(statuses, 401)).toBeLessThanOrEqual(3);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(60);
  });

  it('every call of a /trpc batch counts: 3 batches of 20 wrong logins, at most 3 password checks', async () => {
    const { email } = await h.user();
    const results = await Promise.all(
      [0, 1, 2].map(() => batch('auth.login', Array(20).fill({ email, password: 'wrong password' }))),
    );
    const statuses = results.flatMap(statusesOf);
    expect(count(statuses, 401)).toBeLessThanOrEqual(3);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(57);
  });

  it('30 concurrent logins with different emails from one address: at most 5 password checks', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        h
          .request('POST', '/auth/login', { body: { email: `spray-${i}@example.com`, password: 'nope nope' } })
          .then((r) => r.status),
      ),
    );
    expect(count(statuses, 401)).toBeLessThanOrEqual(5);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(30);
  });

  it('2 concurrent batches of 20 signups from one address create at most 4 accounts', async () => {
    const results = await Promise.all(
      [0, 1].map(() =>
        batch(
          'auth.signup',
          Array.from({ length: 20 }, () => signupBody()),
        ),
      ),
    );
    const statuses = results.flatMap(statusesOf);
    expect(count(statuses, 200)).toBeLessThanOrEqual(4);
    const rows = await h.orm.em.getConnection().execute<{ n: number }[]>('select count(*)::int as n from users');
    expect(rows[0]!.n).toBeLessThanOrEqual(4);
  });

  it('a successful login leaves the address limit untouched and clears the email’s failures', async () => {
    const { email } = await h.user();
    for (let i = 0; i < 8; i++) {
      expect((await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    }
    for (let i = 0; i < 2; i++) await h.request('POST', '/auth/login', { body: { email, password: 'wrong one' } });
    expect((await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 2; i++) await h.request('POST', '/auth/login', { body: { email, password: 'wrong one' } });
    expect((await h.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('per-user write limits', () => {
  const h = useHarness({ WRITES_PER_USER: '5', WRITE_WINDOW_SECONDS: '600' });

  it('a burst of writes by one user stops at the limit with 429 and Retry-After; others and reads are untouched', async () => {
    const [writer, other] = [await h.user(), await h.user()];
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.request('POST', '/posts', { token: writer.token, body: { title: `t${i}`, content: 'c' } }),
      ),
    );
    const statuses = burst.map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const refused = burst.find((res) => res.status === 429)!;
    expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Every kind of write counts, on both faces.
    const postId = burst.find((res) => res.status === 201)!.body.id;
    expect((await h.request('POST', `/posts/${postId}/like`, { token: writer.token })).status).toBe(429);
    expect(
      (await h.request('POST', '/trpc/users.follow', { token: writer.token, body: { id: other.id } })).status,
    ).toBe(429);
    expect((await h.request('GET', `/posts/${postId}`, { token: writer.token })).status).toBe(200);
    expect((await h.request('POST', `/posts/${postId}/like`, { token: other.token })).status).toBe(200);
  });

  it('the bytes one user writes in a window are bounded too: large posts stop sooner than small ones', async () => {
    const bytes = await Harness.start({ WRITE_BYTES_PER_USER: '50000', WRITE_WINDOW_SECONDS: '600' });
    try {
      const [writer, other] = [await bytes.user(), await bytes.user()];
      const large = { title: 'large', content: 'x'.repeat(20_000) };
      const burst = await Promise.all(
        Array.from({ length: 4 }, () => bytes.request('POST', '/posts', { token: writer.token, body: large })),
      );
      expect(burst.map((res) => res.status).sort()).toEqual([201, 201, 429, 429]);
      expectApiError(
        burst.find((res) => res.status === 429)!,
        429,
        'TOO_MANY_REQUESTS',
      );
      // What is left of the window's bytes still takes small writes; another user has all of theirs.
      expect(
        (await bytes.request('POST', '/posts', { token: writer.token, body: { title: 't', content: 'c' } })).status,
      ).toBe(201);
      expect((await bytes.request('POST', '/posts', { token: other.token, body: large })).status).toBe(201);
    } finally {
      await bytes.close();
    }
  });

  it("writes refused because their session has ended use none of the user's writes", async () => {
    const writer = await h.user();
    const { token: second } = await h.caller().auth.login({ email: writer.email, password: PASSWORD });
    await h.caller(writer.token).auth.logout();
    for (let i = 0; i < 6; i++) {
      const refused = await h.request('POST', '/posts', { token: writer.token, body: { title: 't', content: 'c' } });
      expect(refused.status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      const written = await h.request('POST', '/posts', { token: second, body: { title: 't', content: 'c' } });
      expect(written.status).toBe(201);
    }
  });
});
