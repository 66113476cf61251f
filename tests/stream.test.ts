import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from './support/expect.js';
import { Harness, type TestUser } from './support/harness.js';

/** Unpaged post lists are streamed: same JSON as the procedures, flat memory, safe aborts. */
let h: Harness;
let reader: TestUser;
let author: TestUser;

beforeAll(async () => {
  h = await Harness.start();
  reader = await h.user();
  author = await h.user();
  await h.caller(reader.token).users.follow({ id: author.id });
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'bulk ' || g, repeat('x', 200), ?, now() - g * interval '1 minute' from generate_series(1, 1200) g`,
    [author.id],
  );
  const [post] = await h.caller(reader.token).posts.list({ limit: 1 });
  await h.caller(reader.token).posts.like({ id: post!.id });
  await h.caller(reader.token).posts.comment({ id: post!.id, content: 'streamed too' });
});
afterAll(() => h.close());

describe('GET /posts and GET /posts/followed without a page', () => {
  it('stream exactly the JSON the procedures return', async () => {
    for (const [path, expected] of [
      ['/posts', await h.caller(reader.token).posts.list()],
      ['/posts/followed/', await h.caller(reader.token).posts.followed()],
    ] as const) {
      const res = await h.request('GET', path, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toHaveLength(1200);
      expect(res.text).toBe(JSON.stringify(expected));
    }
  });

  it('answer [] when there is nothing, and 401 in the one error format without a token', async () => {
    const loner = await h.user();
    const empty = await h.request('GET', '/posts/followed', { token: loner.token });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('[]');
    expectApiError(await h.request('GET', '/posts'), 401, 'UNAUTHORIZED');
  });

  it('a client hanging up mid-stream leaves no connection behind', async () => {
    const controller = new AbortController();
    const res = await fetch(`${h.baseUrl}/posts`, {
      headers: { authorization: `Bearer ${reader.token}` },
      signal: controller.signal,
    });
    const reader_ = res.body!.getReader();
    await reader_.read();
    controller.abort();
    const pool = h.orm.em.getConnection().getKnex().client.pool as { numUsed(): number };
    for (const deadline = Date.now() + 5_000; pool.numUsed() > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pool.numUsed()).toBe(0);
    expect((await h.request('GET', '/posts?limit=1', { token: reader.token })).status).toBe(200);
  });
});
