import { insertMedia } from '../../../src/media/media.queries.js';
import { TRPCError } from '@trpc/server';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_KINDS, WriteLimits, writeLimitVariable, type WriteKind } from '../../../src/auth/write-limits.js';
import { parseWriteLimit } from '../../../src/platform/config.js';
import { expectApiError } from '../../support/fixtures.js';
import { type ApiResponse, Harness, PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/** Each kind at 3 per hour, the overall ceilings out of the way: two apps on one database. */
const LIMIT = 3;
const tight = Object.fromEntries(WRITE_KINDS.map((kind) => [writeLimitVariable(kind), `${LIMIT}/1h`]));

/** One write of a kind, the `i`-th of a run (each one valid after the ones before it). */
interface Write {
  path: string;
  input: unknown;
  rest: { method: string; url: string; body?: unknown };
}

function writeOf(kind: WriteKind, i: number, target: { postId: number; otherId: number; mediaId: number }): Write {
  const { postId, otherId, mediaId } = target;
  const on = i % 2 === 0; // likes and follows toggle: each toggle is a write
  switch (kind) {
    case 'posts': {
      const input = { title: `t${i}`, content: 'c' };
      return { path: 'posts.create', input, rest: { method: 'POST', url: '/posts', body: input } };
    }
    case 'comments':
      return {
        path: 'posts.comment',
        input: { id: postId, content: `c${i}` },
        rest: { method: 'POST', url: `/posts/${postId}/comment`, body: { content: `c${i}` } },
      };
    case 'likes':
      return {
        path: on ? 'posts.like' : 'posts.unlike',
        input: { id: postId },
        rest: { method: on ? 'POST' : 'DELETE', url: `/posts/${postId}/like` },
      };
    case 'follows':
      return {
        path: on ? 'users.follow' : 'users.unfollow',
        input: { id: otherId },
        rest: { method: on ? 'POST' : 'DELETE', url: `/users/${otherId}/follow` },
      };
    case 'tickets':
      return { path: 'live.ticket', input: undefined, rest: { method: 'POST', url: '/live/ticket' } };
    case 'password': {
      const password = (n: number) => (n === 0 ? PASSWORD : `new password number ${n}`);
      const input = {
        currentPassword: password(i),
        newPassword: password(i + 1),
        newPasswordValidation: password(i + 1),
      };
      return { path: 'auth.changePassword', input, rest: { method: 'POST', url: '/auth/password', body: input } };
    }
    case 'profile': {
      const input = { firstName: `Name${i}` };
      return { path: 'users.updateMe', input, rest: { method: 'PATCH', url: '/users/me', body: input } };
    }
    case 'events': {
      const input = { name: `e${i}`, description: 'd', location: 'l', dateTime: '2030-01-01T10:00:00Z' };
      return { path: 'events.create', input, rest: { method: 'POST', url: '/events', body: input } };
    }
    case 'media': {
      const description = `alt ${i}`;
      return {
        path: 'media.update',
        input: { id: mediaId, description },
        rest: { method: 'PATCH', url: `/media/${mediaId}`, body: { description } },
      };
    }
  }
}

const statusOfBatchItem = (item: { error?: { data: { httpStatus: number } } }) => item.error?.data.httpStatus ?? 200;

describe('per-kind write limits, held across two apps on one database', () => {
  const a = useHarness(tight);
  let b: Harness;
  let other: TestUser;
  let postId: number;

  beforeAll(async () => {
    b = await Harness.attach(a.databaseUrl, tight);
    other = await a.user();
    postId = (await a.caller(other.token).posts.create({ title: 'target', content: 'x' })).id;
  });
  afterAll(() => b?.close());

  const rest = (h: Harness, token: string, write: Write) =>
    h.request(write.rest.method, write.rest.url, { token, body: write.rest.body });
  const batch = (h: Harness, token: string, writes: Write[]) =>
    h.request<{ error?: { data: { httpStatus: number } } }[]>(
      'POST',
      `/trpc/${writes.map((w) => w.path).join(',')}?batch=1`,
      {
        token,
        body: Object.fromEntries(writes.map((w, i) => [i, w.input])),
      },
    );
  const viaCaller = (h: Harness, token: string, write: Write) => {
    const [domain, name] = write.path.split('.') as [string, string];
    const procedures = (
      h.caller(token) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
    )[domain]!;
    return procedures[name]!(write.input);
  };

  for (const kind of WRITE_KINDS) {
    it(`${kind}: ${LIMIT} per window in all, over REST on one app, a /trpc batch and createCaller on the other`, async () => {
      const writer = await a.user();
      // An upload of the writer's own to describe (its row is enough; its image plays no part).
      const media = await insertMedia(a.orm, writer.id, 1, '', { files: 1, bytes: 1 });
      const target = { postId, otherId: other.id, mediaId: media!.id };
      const write = (i: number) => writeOf(kind, i, target);
      // A kind's own limit, not the overall one, refuses the fourth write.
      expect((await rest(a, writer.token, write(0))).status).toBeLessThan(300);
      // One call a batch: some kinds' writes (a password change, a like toggle) depend on the one before.
      for (const i of [1, 2]) {
        const batched = await batch(b, writer.token, [write(i)]);
        expect(batched.body.map(statusOfBatchItem), batched.text).toEqual([200]);
      }

      const refused = await rest(b, writer.token, write(3));
      expectApiError(refused, 429, 'TOO_MANY_REQUESTS');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      // The window slides: a write early in one window still weighs through part of the next.
      expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
      const batched = await batch(a, writer.token, [write(3)]);
      expect(batched.body.map(statusOfBatchItem)).toEqual([429]);
      await expect(viaCaller(a, writer.token, write(3))).rejects.toSatisfy(
        (error) => error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS',
      );
      // Another user's writes of the same kind, and the writer's reads, go on.
      const fresh = await b.user();
      const freshMedia = await insertMedia(a.orm, fresh.id, 1, '', { files: 1, bytes: 1 });
      const freshWrite = writeOf(kind, 0, { ...target, mediaId: freshMedia!.id });
      expect((await rest(b, fresh.token, freshWrite)).status).toBeLessThan(300);
      expect((await a.request('GET', `/posts/${postId}`, { token: writer.token })).status).toBe(200);
    });
  }
});

describe('reposts count as posts, bookmarks as likes', () => {
  const h = useHarness({ WRITE_LIMIT_POSTS: '2/1h', WRITE_LIMIT_LIKES: '2/1h' });

  it('the third repost or unrepost, and the third bookmark or unbookmark, is 429 over REST and createCaller', async () => {
    const [writer, author] = [await h.user(), await h.user()];
    const [p0, p1] = [
      await h.caller(author.token).posts.create({ title: 'a', content: 'c' }),
      await h.caller(author.token).posts.create({ title: 'b', content: 'c' }),
    ];
    const refused = (call: Promise<unknown>) =>
      expect(call).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS');
    for (const [verb, undo] of [
      ['repost', 'unrepost'],
      ['bookmark', 'unbookmark'],
    ] as const) {
      expect((await h.request('POST', `/posts/${p0.id}/${verb}`, { token: writer.token })).status).toBe(200);
      await h.caller(writer.token).posts[undo]({ id: p0.id });
      expectApiError(
        await h.request('POST', `/posts/${p1.id}/${verb}`, { token: writer.token }),
        429,
        'TOO_MANY_REQUESTS',
      );
      await refused(h.caller(writer.token).posts[verb]({ id: p1.id }));
    }
    // Reposts took the posts window: no post either; a like shares the bookmarks' window.
    expectApiError(
      await h.request('POST', '/posts', { token: writer.token, body: { title: 't', content: 'c' } }),
      429,
      'TOO_MANY_REQUESTS',
    );
    await refused(h.caller(writer.token).posts.like({ id: p1.id }));
    // A comment is another kind: it goes through.
    expect(
      (await h.request('POST', `/posts/${p1.id}/comment`, { token: writer.token, body: { content: 'c' } })).status,
    ).toBe(201);
  });
});

describe('the overall ceilings, across two apps', () => {
  // 100 writes of one user queue on their counter's row: a generous wait for a pool connection, so
  // that on a busy machine every one reaches PostgreSQL rather than a 503, which would count nothing.
  const config = { WRITES_PER_USER: '40', WRITE_WINDOW_SECONDS: '3600', DB_ACQUIRE_TIMEOUT_MS: '60000' };
  const a = useHarness(config);
  let b: Harness;
  beforeAll(async () => {
    b = await Harness.attach(a.databaseUrl, config);
  });
  afterAll(() => b?.close());

  it('WRITES_PER_USER=40: one user writing to both apps at once gets exactly 40 posts', async () => {
    const writer = await a.user();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? a : b)
          .request('POST', '/posts', { token: writer.token, body: { title: `t${i}`, content: 'c' } })
          .then((res: ApiResponse) => res.status),
      ),
    );
    const answered = JSON.stringify(
      statuses.reduce((m: Record<number, number>, s) => ((m[s] = (m[s] ?? 0) + 1), m), {}),
    );
    expect(
      statuses.filter((s) => s === 201),
      answered,
    ).toHaveLength(40);
    expect(
      statuses.filter((s) => s === 429),
      answered,
    ).toHaveLength(60);
    // The refused writes left nothing in the windows that had room (the per-kind one).
    const counters = await a.orm.em
      .getConnection()
      .execute<{ key: string; hits: number }[]>('select key, hits from rate_limit_counters where key = ?', [
        `w:posts:${writer.id}`,
      ]);
    expect(counters.map((c) => c.hits)).toEqual([40]);
  });
});

describe('a user over a limit is refused without a statement while the window lasts', () => {
  const h = useHarness({ WRITE_LIMIT_POSTS: '2/1h' });

  it('after the first refusal, REST, /trpc and createCaller writes of that kind issue none', async () => {
    const writer = await h.user();
    const post = (i: number) =>
      h.request('POST', '/posts', { token: writer.token, body: { title: `t${i}`, content: 'c' } });
    expect([(await post(0)).status, (await post(1)).status]).toEqual([201, 201]);
    // The first refusal reads the windows: statements.
    let first: ApiResponse | undefined;
    expect(await h.countQueries(async () => (first = await post(2)))).toBeGreaterThan(0);
    expectApiError(first!, 429, 'TOO_MANY_REQUESTS');
    const firstRetryAfter = Number(first!.headers.get('retry-after'));

    let again: ApiResponse | undefined;
    expect(await h.countQueries(async () => (again = await post(3)))).toBe(0);
    expectApiError(again!, 429, 'TOO_MANY_REQUESTS');
    expect(Number(again!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again!.headers.get('retry-after'))).toBeLessThanOrEqual(firstRetryAfter);

    let batched: ApiResponse | undefined;
    const batch = () =>
      h.request('POST', '/trpc/posts.create,posts.create?batch=1', {
        token: writer.token,
        body: { 0: { title: 'b0', content: 'c' }, 1: { title: 'b1', content: 'c' } },
      });
    expect(await h.countQueries(async () => (batched = await batch()))).toBe(0);
    expect(batched!.body.map(statusOfBatchItem)).toEqual([429, 429]);
    expect(
      await h.countQueries(() =>
        expect(h.caller(writer.token).posts.create({ title: 'c', content: 'c' })).rejects.toSatisfy(
          (error) => error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS',
        ),
      ),
    ).toBe(0);
    // Other kinds of write, and other users, still go to the database and through.
    const other = await h.user();
    expect((await h.request('POST', '/posts', { token: other.token, body: { title: 'o', content: 'c' } })).status).toBe(
      201,
    );
    expect((await h.request('POST', `/users/${other.id}/follow`, { token: writer.token })).status).toBe(200);
  });
});

describe('counting and giving back, at once', () => {
  const h = useHarness();

  it('a write given back takes its windows in key order, as a count does: the two cannot deadlock', async () => {
    const writer = await h.user();
    const em = h.orm.em.fork();
    const [{ jti }] = await em.execute<[{ jti: string }]>('select jti from sessions where user_id = ? limit 1', [
      writer.id,
    ]);
    const limits = new WriteLimits(h.services.config);
    const counted = await limits.take(h.orm, { jti, userId: writer.id, sessionChecked: false }, 'posts.create', 10);
    // Rows updated since sit in the heap after the others, as other writes' counts leave them: a scan
    // of the table meets wb:… first.
    await em.execute('update rate_limit_counters set hits = hits where key in (?, ?)', [
      `w:${writer.id}`,
      `w:posts:${writer.id}`,
    ]);
    // Another write of the same user holds the kind's window (w:posts:…, second in key order), as a
    // count does once it has taken w:…, the first, and goes on to wb:…, the last.
    const other = new pg.Client(h.databaseUrl);
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`select 1 from rate_limit_counters where key = $1 for update`, [`w:posts:${writer.id}`]);
      const given = counted.giveBack().then(
        () => 'given back',
        (error: { code?: string }) => error.code,
      );
      await expect
        .poll(
          async () =>
            (
              await em.execute<[{ n: number }]>(
                `select count(*)::int as n from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            )[0].n,
        )
        .toBe(1);
      // Now the other write takes the last window: the give-back must not hold it yet.
      const taken = await other
        .query(`select 1 from rate_limit_counters where key = $1 for update`, [`wb:${writer.id}`])
        .then(
          () => 'taken',
          (error: { code?: string }) => error.code,
        );
      await other.query(taken === 'taken' ? 'commit' : 'rollback');
      expect([taken, await given]).toEqual(['taken', 'given back']);
    } finally {
      await other.end();
    }
  });
});

describe('WRITE_LIMITS=off', () => {
  const h = useHarness({
    WRITE_LIMITS: 'off',
    WRITES_PER_USER: '1',
    WRITE_LIMIT_POSTS: '1/1h',
    MAX_IN_FLIGHT_PER_USER: '1',
    MAX_IN_FLIGHT_PER_ADDRESS: '1',
  });

  it('lifts every limit, per kind and overall, and counts nothing', async () => {
    const writer = await h.user();
    for (let i = 0; i < 5; i++) {
      const res = await h.request('POST', '/posts', { token: writer.token, body: { title: `t${i}`, content: 'c' } });
      expect(res.status).toBe(201);
    }
    const counted = await h.orm.em.getConnection().execute(`select 1 from rate_limit_counters where key like 'w%'`);
    expect(counted).toEqual([]);
  });

  it('lifts the in-flight caps too: a benchmark drives one user from one address on many connections', async () => {
    const reader = await h.user();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => h.request('GET', '/posts?limit=20', { token: reader.token })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  });
});

describe('WRITE_LIMIT_<KIND> values', () => {
  it('reads <count>/<window> with a unit', () => {
    expect(parseWriteLimit('300/3h')).toEqual({ max: 300, windowSeconds: 10_800 });
    expect(parseWriteLimit('400/1d')).toEqual({ max: 400, windowSeconds: 86_400 });
    expect(parseWriteLimit('60/90')).toEqual({ max: 60, windowSeconds: 90 });
    for (const bad of ['', '300', '0/1h', '3/0h', '3/1w', '-1/1h', '99999999999/1h'])
      expect(parseWriteLimit(bad)).toBeNull();
  });
});
