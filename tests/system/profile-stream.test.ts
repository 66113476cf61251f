import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { Harness, PASSWORD, type TestUser } from '../support/harness.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * A profile of any size: REST streams one too large to build whole (bounded memory per answer),
 * byte for byte what the procedure answers on /trpc.
 */
vi.setConfig({ testTimeout: 120_000 });
const POSTS = 1_000;
const POST_BYTES = 20_000; // 1,000 posts of 20 KB: a 20 MB profile
let h: Harness;
let author: TestUser;
let fan: TestUser;

beforeAll(async () => {
  // /trpc answers a profile whole up to PROFILE_MAX_BYTES; here above 20 MB, to compare the two.
  h = await Harness.start({ PROFILE_MAX_BYTES: String(64 * 1024 * 1024) });
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
  it('answer exactly what the procedure answers on /trpc, for a 20 MB profile and a small one', async () => {
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
      expect(rest.text === expected, path).toBe(true); // not toBe: a 20 MB diff helps no one
      const trpc = await h.request('GET', `/trpc/users.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
        token,
      });
      expect(trpc.text === `{"result":{"data":${expected}}}`, path).toBe(true);
    }
    expect(JSON.parse((await h.request('GET', `/users/${author.id}`, { token: fan.token })).text).posts).toHaveLength(
      POSTS,
    );
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

  it('do not grow its memory in proportion to the answers: 20 reads of 20 MB, every body whole', async () => {
    // Caps and pool wide enough that all 20 stream at once: this measures memory per answer. With
    // a default heap V8 lets garbage pile up before it collects (about 200 MB here, streamed or
    // not); a heap of 128 MB shows what the answers really hold: 20 streams fit in it, 20 answers
    // built whole (400 MB of strings alone) do not.
    service = await startServiceProcess({
      DATABASE_URL: h.databaseUrl,
      STREAMS_MAX: '40',
      STREAMS_PER_USER: '40',
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
    console.info(`RSS before ${Math.round(before / 1024)} MB, peak growth ${Math.round(grewMb)} MB for 20 × 20 MB`);
    expect(grewMb).toBeLessThan(150);
    for (const answer of answers) expect(answer).toEqual({ status: 200, bytes: Buffer.byteLength(expected), sha });
  });

  it('over /trpc, where an answer is one value, refuse a profile over PROFILE_MAX_BYTES (1 MiB by default)', async () => {
    const { token } = (await (
      await fetch(`${service!.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: fan.email, password: PASSWORD }),
      })
    ).json()) as { token: string };
    const ask = (procedure: string, input?: unknown) =>
      fetch(
        `${service!.baseUrl}/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
    const refused = await ask('users.get', { id: author.id });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: { message: string; data: { code: string } } };
    expect(body.error.data.code).toBe('UNPROCESSABLE_CONTENT');
    expect(body.error.message).toMatch(/too large for one answer.*users\.posts/);
    // A profile under the cap is answered whole as before.
    expect((await ask('users.me')).status).toBe(200);
  });
});
