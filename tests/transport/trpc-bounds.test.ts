import { beforeAll, describe, expect, it } from 'vitest';
import { largeAnswerSlots } from '../../src/trpc/large-answers.js';
import { Harness, type TestUser, useHarness } from '../support/harness.js';

/**
 * Lists and profiles answered whole over /trpc (and createCaller) are bounded: an unpaged list (no
 * limit, from a cursor or not) over TRPC_LIST_MAX_ITEMS is a 422, and a large answer (a list over a
 * page's 100 items, a profile over 500 items or 256 KiB) takes a large-answer slot, the same
 * STREAMS_MAX / STREAMS_PER_USER slots as the REST streams, held until it is sent: no batch holds
 * more of them than the caps.
 */
let reader: TestUser;
let bigAuthor: TestUser; // more posts than TRPC_LIST_MAX_ITEMS, and a profile too large to build at once
let midAuthor: TestUser; // more posts than a page, fewer than TRPC_LIST_MAX_ITEMS
let hub: TestUser; // followed by and following every bulk user; its post has a comment of the reader's for each
let blocker: TestUser; // blocks and mutes every bulk user
let hubPostId: number;

const MAX_ITEMS = 150;
// A full process refuses after STREAMS_WAIT_MS (its wait is large-answer-slots.test.ts's): short here.
const h = useHarness({
  TRPC_LIST_MAX_ITEMS: String(MAX_ITEMS),
  STREAMS_MAX: '3',
  STREAMS_PER_USER: '2',
  STREAMS_WAIT_MS: '100',
});
/** Users, follows, comments, blocks, mutes and events: more of each than TRPC_LIST_MAX_ITEMS. */
const BULK = 200;

async function seedPosts(authorId: number, count: number): Promise<void> {
  await h.orm.em.getConnection().execute(
    `insert into posts (title, content, author_id, created_at)
     select 'bulk ' || g, repeat('x', 100), ?, now() - g * interval '1 second' from generate_series(1, ?) g`,
    [authorId, count],
  );
}

type BatchItem = {
  result?: { data: unknown };
  error?: { message: string; data: { code: string; httpStatus: number } };
};

/** GET /trpc/a,b,…?batch=1 with each procedure's input. */
async function batch(token: string, calls: [path: string, input?: unknown][]) {
  const paths = calls.map(([path]) => path).join(',');
  const input = Object.fromEntries(calls.map(([, value], index) => [index, value]));
  const query = `batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await h.request<BatchItem[]>('GET', `/trpc/${paths}?${query}`, { token });
  return { ...res, items: res.body };
}

const codes = (items: BatchItem[]) => items.map((item) => item.error?.data.code ?? 'OK').sort();

beforeAll(async () => {
  [reader, bigAuthor, midAuthor] = [await h.user(), await h.user(), await h.user()];
  await seedPosts(bigAuthor.id, 520);
  await seedPosts(midAuthor.id, 120);
  await h.caller(reader.token).users.follow({ id: bigAuthor.id });
  [hub, blocker] = [await h.user(), await h.user()];
  hubPostId = (await h.caller(hub.token).posts.create({ title: 'hub', content: 'commented on' })).id;
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'bulk-' || g || '@example.com', 'x', 'Bulk', 'User' || g from generate_series(1, ?) g`,
    [BULK],
  );
  const bulkUsers = `select u.id from users u where u.email like 'bulk-%'`;
  await conn.execute(
    `insert into follows (follower_id, followed_id)
     select id, ? from (${bulkUsers}) b union all select ?, id from (${bulkUsers}) b`,
    [hub.id, hub.id],
  );
  for (const table of ['blocks (blocker_id, blocked_id)', 'mutes (muter_id, muted_id)']) {
    await conn.execute(`insert into ${table} select ?, id from (${bulkUsers}) b`, [blocker.id]);
  }
  await conn.execute(
    `insert into comments (content, post_id, author_id, created_at)
     select 'c' || g, ?, ?, now() - g * interval '1 second' from generate_series(1, ?) g`,
    [hubPostId, reader.id, BULK],
  );
  await conn.execute(
    `insert into events (name, description, location, date_time, owner_id)
     select 'event ' || g, 'd', 'here', now() + g * interval '1 hour', ? from generate_series(1, ?) g`,
    [reader.id, BULK],
  );
});

describe('an unpaged list over /trpc', () => {
  it('over TRPC_LIST_MAX_ITEMS answers 422 naming the paged form, single, batched and by createCaller', async () => {
    const single = await h.request('GET', '/trpc/posts.list', { token: reader.token });
    expect(single.status).toBe(422);
    expect(single.body.error.data.code).toBe('UNPROCESSABLE_CONTENT');
    expect(single.body.error.message).toMatch(/more than 150 items.*limit and before.*GET \/posts over REST/);

    const { status, items } = await batch(
      reader.token,
      Array.from({ length: 10 }, (_, i) => [i % 2 ? 'posts.followed' : 'posts.list', undefined]),
    );
    // Each needs a slot to find out (it reads TRPC_LIST_MAX_ITEMS + 1 items): those without one are told to wait.
    expect([207, 422]).toContain(status);
    expect(items.filter((item) => item.error?.data.code === 'UNPROCESSABLE_CONTENT').length).toBeGreaterThanOrEqual(2);
    expect(items.every((item) => ['UNPROCESSABLE_CONTENT', 'TOO_MANY_REQUESTS'].includes(item.error!.data.code))).toBe(
      true,
    );

    await expect(h.caller(reader.token).users.posts({ id: bigAuthor.id })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
    // Pages and REST (which streams) still give everything.
    expect(await h.caller(reader.token).posts.list({ limit: 20 })).toHaveLength(20);
    const rest = await h.request('GET', `/users/${bigAuthor.id}/posts`, { token: reader.token });
    expect(rest.body).toHaveLength(520);
  });

  it('over a page takes a large-answer slot: a batch holds at most STREAMS_PER_USER, the rest 429 with Retry-After', async () => {
    const calls = Array.from({ length: 10 }, () => ['users.posts', { id: midAuthor.id }] as [string, unknown]);
    const { status, headers, items } = await batch(reader.token, calls);
    expect(status).toBe(207);
    expect(codes(items)).toEqual(['OK', 'OK', ...Array(8).fill('TOO_MANY_REQUESTS')]);
    expect(headers.get('retry-after')).toBe('5');
    for (const item of items) if (item.result) expect(item.result.data).toHaveLength(120);
    // Sent: the slots are free again.
    expect(codes((await batch(reader.token, calls.slice(0, 2))).items)).toEqual(['OK', 'OK']);
    // A short post list takes one too (as its REST stream does); a short list of users needs none.
    const short = Array.from({ length: 10 }, () => ['users.posts', { id: reader.id }] as [string, unknown]);
    expect(codes((await batch(reader.token, short)).items)).toEqual([
      'OK',
      'OK',
      ...Array(8).fill('TOO_MANY_REQUESTS'),
    ]);
    const users = Array.from({ length: 10 }, () => ['users.followers', { id: bigAuthor.id }] as [string, unknown]);
    expect(codes((await batch(reader.token, users)).items)).toEqual(Array(10).fill('OK'));
  });

  it('shares the slots with REST streams: a full process answers 503 with Retry-After on both', async () => {
    const slots = largeAnswerSlots(h.services);
    const holders = [-1, -2, -3];
    for (const holder of holders) expect(slots.take(holder)).toBeUndefined();
    try {
      const { items, headers } = await batch(reader.token, [['users.posts', { id: midAuthor.id }]]);
      expect(items[0]!.error?.data.code).toBe('SERVICE_UNAVAILABLE');
      expect(headers.get('retry-after')).toBe('5');
      const rest = await h.request('GET', '/posts', { token: reader.token });
      expect(rest.status).toBe(503);
      // Refused before the session check: no pool connection spent on it, over REST or /trpc.
      expect(await h.countQueries(() => h.request('GET', '/posts', { token: reader.token }))).toBe(0);
      expect(await h.countQueries(() => batch(reader.token, [['posts.list', undefined]]))).toBe(0);
      // Small answers are served meanwhile.
      expect((await h.request('GET', '/posts?limit=1', { token: reader.token })).status).toBe(200);
      const followers = encodeURIComponent(JSON.stringify({ id: reader.id }));
      expect((await h.request('GET', `/trpc/users.followers?input=${followers}`, { token: reader.token })).status).toBe(
        200,
      );
    } finally {
      for (const holder of holders) slots.release(holder);
    }
  });
});

describe('a list from a cursor without a limit over /trpc', () => {
  type Caller = ReturnType<Harness['caller']>;
  type ListCall = { path: string; user: TestUser; input: Record<string, unknown> };
  /** Every list (procedure, caller, input but the cursor): longer than TRPC_LIST_MAX_ITEMS after its first item. */
  const lists = (): ListCall[] => [
    { path: 'posts.list', user: reader, input: {} },
    { path: 'posts.list', user: reader, input: { q: 'bulk' } },
    { path: 'posts.followed', user: reader, input: {} },
    { path: 'users.posts', user: reader, input: { id: bigAuthor.id } },
    { path: 'posts.comments', user: reader, input: { id: hubPostId } },
    { path: 'users.list', user: reader, input: {} },
    { path: 'users.followers', user: reader, input: { id: hub.id } },
    { path: 'users.followed', user: reader, input: { id: hub.id } },
    { path: 'users.blocked', user: blocker, input: {} },
    { path: 'users.muted', user: blocker, input: {} },
    { path: 'events.list', user: reader, input: {} },
  ];
  /** Calls the procedure at `path` ('users.followers') through a createCaller caller. */
  const call = (caller: Caller, path: string, input: unknown) => {
    const [domain, name] = path.split('.') as [string, string];
    const procedures = (
      caller as unknown as Record<string, Record<string, (input: unknown) => Promise<{ id: number }[]>>>
    )[domain]!;
    return procedures[name]!(input);
  };

  it('over TRPC_LIST_MAX_ITEMS answers 422, single, batched and by createCaller', async () => {
    const calls: ListCall[] = [];
    for (const { path, user, input } of lists()) {
      const [first] = await call(h.caller(user.token), path, { ...input, limit: 1 });
      calls.push({ path, user, input: { ...input, before: first!.id } });
    }
    for (const { path, user, input } of calls) {
      const what = `${path} ${JSON.stringify(input)}`;
      await expect(call(h.caller(user.token), path, input), what).rejects.toMatchObject({
        code: 'UNPROCESSABLE_CONTENT',
      });
      const single = await h.request('GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
        token: user.token,
      });
      expect(single.status, what).toBe(422);
      expect(single.body.error.message, what).toMatch(/more than 150 items.*limit and before/);
    }
    for (const user of [reader, blocker]) {
      const mine = calls.filter((c) => c.user === user);
      const { status, items } = await batch(
        user.token,
        mine.map(({ path, input }) => [path, input]),
      );
      expect(status).toBe(422);
      expect(codes(items)).toEqual(Array(mine.length).fill('UNPROCESSABLE_CONTENT'));
    }
    // A page from the same cursor is answered.
    for (const { path, user, input } of calls) {
      expect(await call(h.caller(user.token), path, { ...input, limit: 20 }), path).toHaveLength(20);
    }
  });
});

describe('a large profile over /trpc', () => {
  it('is bounded: a batch of 10 answers each with its 20 newest posts and their count, needing no slot', async () => {
    const calls = Array.from({ length: 10 }, () => ['users.get', { id: bigAuthor.id }] as [string, unknown]);
    const { items } = await batch(reader.token, calls);
    expect(codes(items)).toEqual(Array(10).fill('OK'));
    for (const item of items)
      expect(item.result!.data as { posts: unknown[] }).toMatchObject({ posts: expect.any(Array), postCount: 520 });
    for (const item of items) expect((item.result!.data as { posts: unknown[] }).posts).toHaveLength(20);
  });
});

describe('a /trpc batch', () => {
  /** The most statements in flight at once at the driver while `fn` runs (promise-returning queries). */
  async function mostAtOnce(fn: () => Promise<unknown>): Promise<number> {
    let inFlight = 0;
    let most = 0;
    await h.watchQueries(fn, (_, result) => {
      if (result instanceof Promise) {
        most = Math.max(most, ++inFlight);
        void result.finally(() => inFlight--).catch(() => undefined);
      }
    });
    return most;
  }

  it('runs its calls a few at a time: 20 calls hold at most 2 pool connections at once', async () => {
    const calls = Array.from({ length: 20 }, () => ['users.get', { id: reader.id }] as [string, unknown]);
    const most = await mostAtOnce(async () => {
      const { items } = await batch(reader.token, calls);
      expect(codes(items)).toEqual(Array(20).fill('OK'));
    });
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
    // POST batches of mutations too.
    const follows = Array.from({ length: 6 }, () => ({ id: midAuthor.id }));
    const body = Object.fromEntries(follows.map((input, i) => [i, input]));
    const paths = follows.map(() => 'users.unfollow').join(',');
    const mostWrites = await mostAtOnce(() =>
      h.request('POST', `/trpc/${paths}?batch=1`, { token: reader.token, body }),
    );
    expect(mostWrites).toBeLessThanOrEqual(2);
  });
});
