import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { Harness, PASSWORD, type TestUser } from '../support/harness.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * A profile of any size is bounded (20 of each list, with counts): REST answers byte for byte what
 * the procedure answers on /trpc, and concurrent reads of the largest author's cost what 20 posts do.
 */
vi.setConfig({ testTimeout: 120_000 });
const POSTS = 1_000;
const POST_BYTES = 20_000; // 1,000 posts of 20 KB: 20 MB of posts, of which a profile holds 20
let h: Harness;
let author: TestUser;
let fan: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  author = await h.user();
  fan = await h.user();
  await h.orm.em.getConnection().execute(
    `insert into posts (title, content, author_id, created_at)
     select 'big ' || g, repeat('p', ${POST_BYTES}), ?, now() - g * interval '1 second' from generate_series(1, ${POSTS}) g`,
    [author.id],
  );
  await h.caller(fan.token).users.follow({ id: author.id });
  await h.caller(author.token).users.follow({ id: fan.id });
  const [newest] = await h.caller(fan.token).users.posts({ id: author.id, limit: 1 });
  await h.caller(fan.token).posts.like({ id: newest!.id });
  await h.caller(fan.token).posts.comment({ id: newest!.id, content: 'a "quoted" comment\nwith ünïcode ✓' });
  await h.caller(author.token).posts.comment({ id: newest!.id, content: 'thanks' });
});
afterAll(() => h.close());

describe('GET /users/{id} and /users/me', () => {
  it('answer exactly what the procedure answers on /trpc, for the author of 20 MB of posts and a small one', async () => {
    for (const [path, token, id] of [
      [`/users/${author.id}`, fan.token, author.id],
      ['/users/me/', author.token, author.id],
      [`/users/${fan.id}`, author.token, fan.id],
      ['/users/me', fan.token, fan.id],
    ] as const) {
      const rest = await h.request('GET', path, { token });
      expect(rest.status, path).toBe(200);
      expect(rest.headers.get('content-type')).toMatch(/^application\/json/);
      const expected = JSON.stringify(await h.caller(token).users.get({ id }));
      expect(rest.text.length, path).toBe(expected.length);
      expect(rest.text === expected, path).toBe(true);
      const trpc = await h.request('GET', `/trpc/users.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
        token,
      });
      expect(trpc.text === `{"result":{"data":${expected}}}`, path).toBe(true);
    }
    const profile = JSON.parse((await h.request('GET', `/users/${author.id}`, { token: fan.token })).text);
    expect(profile.posts).toHaveLength(20);
    expect(profile.postCount).toBe(POSTS);
  });

  it('still answer 404, 400 and 401 through the procedure', async () => {
    expectApiError(await h.request('GET', '/users/2147483647', { token: fan.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('GET', '/users/abc', { token: fan.token }), 400, 'BAD_REQUEST', 'Invalid ID');
    expectApiError(await h.request('GET', `/users/${author.id}`), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/users/me', { token: 'not.a.token' }), 401, 'UNAUTHORIZED');
  });
});

describe('concurrent reads of a large profile in a service process', () => {
  let service: ServiceProcess | undefined;
  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
  });

  /** kB of a /proc/<pid>/status field of the service (a process that has died has none). */
  const memory = (field: 'VmRSS' | 'VmHWM') => {
    const status = readFileSync(`/proc/${service!.child.pid}/status`, 'utf8');
    const kB = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
    if (kB === undefined) throw new Error(`the service has died: ${service!.stderr().slice(-300)}`);
    return Number(kB);
  };

  /** Reads a whole answer, keeping only its status, length and hash (20 readers × 20 MB stay out of this process). */
  const read = (url: string, token: string) =>
    new Promise<{ status: number; bytes: number; sha: string }>((resolve, reject) => {
      get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
        const hash = createHash('sha256');
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode!, bytes, sha: hash.digest('hex') }));
        res.on('error', reject);
      }).on('error', reject);
    });

  it('do not grow its memory in proportion to the posts: 20 reads at once, every body whole', async () => {
    // A heap of 128 MB shows what the answers really hold: 20 bounded profiles fit in it, 20 of the
    // whole 20 MB profile (400 MB of strings alone) would not.
    service = await startServiceProcess({
      DATABASE_URL: h.databaseUrl,
      DB_POOL_MAX: '25',
      NODE_OPTIONS: '--max-old-space-size=128',
    });
    const login = await fetch(`${service.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: fan.email, password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const url = `${service.baseUrl}/users/${author.id}`;
    const expected = JSON.stringify(await h.caller(fan.token).users.get({ id: author.id }));
    const sha = createHash('sha256').update(expected).digest('hex');
    expect((await read(url, token)).status).toBe(200); // warm up
    const before = memory('VmRSS');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => read(url, token)).map((answer) => answer.catch(String)),
    );
    const grewMb = (memory('VmHWM') - before) / 1024;
    console.info(`RSS before ${Math.round(before / 1024)} MB, peak growth ${Math.round(grewMb)} MB for 20 reads`);
    expect(grewMb).toBeLessThan(150);
    for (const answer of answers) expect(answer).toEqual({ status: 200, bytes: Buffer.byteLength(expected), sha });
  });

  it('over /trpc, where an answer is one value, answer the same bounded profile whole', async () => {
    const { token } = (await (
      await fetch(`${service!.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: fan.email, password: PASSWORD }),
      })
    ).json()) as { token: string };
    const input = encodeURIComponent(JSON.stringify({ id: author.id }));
    const answer = await fetch(`${service!.baseUrl}/trpc/users.get?input=${input}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const { result } = (await answer.json()) as { result: { data: { posts: unknown[]; postCount: number } } };
    expect([result.data.posts.length, result.data.postCount]).toEqual([20, POSTS]);
  });
});
