import jwt from 'jsonwebtoken';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { type ApiResponse, Harness, type TestUser, useHarness } from '../support/harness.js';
import { SseReader } from '../support/sse.js';

/** Three requests of one user in progress at once; the address cap out of the way. */
const CAP = 3;

const h = useHarness({ MAX_IN_FLIGHT_PER_USER: String(CAP), MAX_IN_FLIGHT_PER_ADDRESS: '1000' });
let a: TestUser;
let b: TestUser;
let postId: number;
let locker: pg.Client;

beforeAll(async () => {
  [a, b] = [await h.user(), await h.user()];
  postId = (await h.caller(a.token).posts.create({ title: 'locked', content: 'x' })).id;
  locker = new pg.Client(h.databaseUrl);
  await locker.connect();
});
afterAll(async () => {
  await locker?.end();
});

/**
 * `n` edits of the post by `a`, each waiting on the post's row, locked by another connection: slow
 * requests in progress until `unlock` runs.
 */
async function slowEdits(n: number) {
  await locker.query('begin');
  await locker.query('select 1 from posts where id = $1 for update', [postId]);
  const edits = Array.from({ length: n }, (_, i) =>
    h.request('PATCH', `/posts/${postId}`, { token: a.token, body: { title: `edit ${i}`, content: 'x' } }),
  );
  await expect.poll(() => h.waitingOnLocks(), { timeout: 20_000 }).toBe(n);
  return {
    edits,
    unlock: async () => {
      await locker.query('commit');
      return (await Promise.all(edits)).map((res: ApiResponse) => res.status);
    },
  };
}

describe('requests in progress, per user (MAX_IN_FLIGHT_PER_USER)', () => {
  it("one user's request past the cap is 429 at once, on REST and /trpc, while another user is served", async () => {
    const { unlock } = await slowEdits(CAP);
    try {
      const refused = await h.request('GET', `/posts/${postId}`, { token: a.token });
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      expect(refused.headers.get('retry-after')).toBe('1');
      const rpc = await h.request(
        'GET',
        `/trpc/posts.get?input=${encodeURIComponent(JSON.stringify({ id: postId }))}`,
        {
          token: a.token,
        },
      );
      expect(rpc.status).toBe(429);
      expect(rpc.body.error.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, path: 'posts.get' });
      // Another user is served meanwhile.
      expect((await h.request('GET', `/posts/${postId}`, { token: b.token })).status).toBe(200);
      // A token that does not verify is no user: it is not counted, nor refused, as `a`'s.
      const forged = jwt.sign(
        { sub: String(a.id), jti: crypto.randomUUID() },
        'another secret of at least 32 bytes!!',
        {
          expiresIn: 60,
        },
      );
      expect((await h.request('GET', `/posts/${postId}`, { token: forged })).status).toBe(401);
      // A live stream does not count, and opens past the cap.
      const feed = await SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${a.token}` });
      expect(feed.status).toBe(200);
      feed.close();
    } finally {
      expect(await unlock()).toEqual(Array(CAP).fill(200));
    }
    expect((await h.request('GET', `/posts/${postId}`, { token: a.token })).status).toBe(200);
  });

  it('a /trpc batch counts its calls', async () => {
    const { unlock } = await slowEdits(CAP - 1);
    try {
      const input = encodeURIComponent(JSON.stringify({ 0: { id: postId }, 1: { id: postId } }));
      const batch = await h.request('GET', `/trpc/posts.get,posts.get?batch=1&input=${input}`, { token: a.token });
      expect(batch.status).toBe(429);
      expect(batch.body.map((item: { error: { data: { httpStatus: number } } }) => item.error.data.httpStatus)).toEqual(
        [429, 429],
      );
      expect(batch.headers.get('retry-after')).toBe('1');
      // One call still fits.
      expect((await h.request('GET', `/posts/${postId}`, { token: a.token })).status).toBe(200);
    } finally {
      expect(await unlock()).toEqual(Array(CAP - 1).fill(200));
    }
  });
});

describe('requests in progress, per address (MAX_IN_FLIGHT_PER_ADDRESS)', () => {
  it("an address's request past its cap is 429, whoever signs it; another address is served", async () => {
    const byAddress = await Harness.attach(h.databaseUrl, {
      TRUST_PROXY: 'loopback',
      MAX_IN_FLIGHT_PER_USER: '1000',
      MAX_IN_FLIGHT_PER_ADDRESS: String(CAP),
    });
    try {
      await locker.query('begin');
      await locker.query('select 1 from posts where id = $1 for update', [postId]);
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const edits = Array.from({ length: CAP }, (_, i) =>
        byAddress.request('PATCH', `/posts/${postId}`, {
          token: a.token,
          body: { title: `edit ${i}`, content: 'x' },
          headers: from('203.0.113.9'),
        }),
      );
      await expect.poll(() => h.waitingOnLocks(), { timeout: 20_000 }).toBe(CAP);
      const refused = await byAddress.request('GET', `/posts/${postId}`, {
        token: b.token,
        headers: from('203.0.113.9'),
      });
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      const other = await byAddress.request('GET', `/posts/${postId}`, {
        token: b.token,
        headers: from('198.51.100.1'),
      });
      expect(other.status).toBe(200);
      await locker.query('commit');
      expect((await Promise.all(edits)).map((res) => res.status)).toEqual(Array(CAP).fill(200));
    } finally {
      await byAddress.close();
    }
  });
});
