import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { createLogger } from '../../src/platform/logger.js';
import { Harness, type TestUser, useHarness } from '../support/harness.js';

/** Unpaged post lists are streamed: same JSON as the procedures, flat memory, safe aborts. */
// The procedures build these 1,200-post lists whole to compare with: over the default cap.
const h = useHarness({ TRPC_LIST_MAX_ITEMS: '5000' });
let reader: TestUser;
let author: TestUser;

beforeAll(async () => {
  reader = await h.user();
  author = await h.user();
  await h.caller(reader.token).users.follow({ id: author.id });
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into posts (title, content, author_id, created_at, tags)
     select 'bulk ' || g, repeat('x', 200), ?, now() - g * interval '1 minute', '{bulk}' from generate_series(1, 1200) g`,
    [author.id],
  );
  // The reader bookmarked every one of them, oldest first.
  await conn.execute(
    `insert into bookmarks (user_id, post_id, created_at) select ?, id, created_at from posts where author_id = ?`,
    [reader.id, author.id],
  );
  const [post] = await h.caller(reader.token).posts.list({ limit: 1 });
  await h.caller(reader.token).posts.like({ id: post!.id });
  await h.caller(reader.token).posts.comment({ id: post!.id, content: 'streamed too' });
});

describe('GET /posts (with or without q), /posts/followed, /posts/home, /users/{id}/posts, /users/me/bookmarks and /tags/{tag}/posts without a page', () => {
  it('stream exactly the JSON the procedures return', async () => {
    for (const [path, expected] of [
      ['/posts', await h.caller(reader.token).posts.list()],
      ['/posts/followed/', await h.caller(reader.token).posts.followed()],
      ['/posts/home', await h.caller(reader.token).posts.home()],
      [`/users/${author.id}/posts`, await h.caller(reader.token).users.posts({ id: author.id })],
      ['/posts?q=bulk', await h.caller(reader.token).posts.list({ q: 'bulk' })],
      ['/users/me/bookmarks', await h.caller(reader.token).users.bookmarks()],
      ['/tags/bulk/posts', await h.caller(reader.token).tags.posts({ tag: 'bulk' })],
      ['/posts?q=%23bulk', await h.caller(reader.token).posts.list({ q: '#bulk' })],
    ] as const) {
      const res = await h.request('GET', path, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json'); // as every REST answer
      expect(res.body).toHaveLength(1200);
      expect(res.text).toBe(JSON.stringify(expected));
    }
  });

  it('are streamed by REST as they are read (their meta, defineList), not built whole by the procedure', async () => {
    for (const path of [
      '/posts',
      '/posts/followed',
      '/posts/home',
      `/users/${author.id}/posts`,
      '/posts?q=bulk',
      '/users/me/bookmarks',
      '/tags/bulk/posts',
    ]) {
      const res = await h.request('GET', path, { token: reader.token });
      expect(res.status).toBe(200);
      // A stream's length is not known when its head is written: every other REST answer has one.
      expect(res.headers.get('content-length'), path).toBeNull();
    }
  });

  it('a profile small enough is sent whole: the same head as every REST answer, with its length', async () => {
    for (const path of [`/users/${reader.id}`, '/users/me']) {
      // the reader's profile is small
      const res = await h.request('GET', path, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.text)));
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
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

describe('slow readers of unpaged lists', () => {
  let slow: Harness;
  let others: TestUser[];
  let trickled: Harness | undefined;
  const sockets: Socket[] = [];
  const levels: number[] = [];
  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void levels.push(JSON.parse(line).level) });
    slow = await Harness.start(
      {
        DB_POOL_MAX: '4',
        DB_ACQUIRE_TIMEOUT_MS: '1000',
        STREAMS_MAX: '2',
        STREAMS_PER_USER: '1',
        STREAM_STALL_TIMEOUT_MS: '500',
        STREAMS_WAIT_MS: '500',
      },
      logger,
    );
    others = await Promise.all(Array.from({ length: 7 }, () => slow.user()));
    // About 12 MB of JSON, in few rows: far more than the socket buffers between a server and a reader
    // that stops, and cheap to render.
    await slow.orm.em.getConnection().execute(
      `insert into posts (title, content, author_id)
       select 'bulk ' || g, repeat('lorem ', 2000), ? from generate_series(1, 1000) g`,
      [others[0]!.id],
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await trickled?.close();
    await slow.close();
  });

  /** Asks for GET /posts and never reads a byte of the answer. */
  const stalledReader = (token: string) =>
    new Promise<Socket>((resolve) => {
      const url = new URL(slow.baseUrl);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
        socket.pause();
        resolve(socket);
      });
      sockets.push(socket);
    });

  it('cannot pin the pool: other users stay fast, extra streams wait their turn, stalled ones are cut', async () => {
    const pool = slow.orm.em.getConnection().getKnex().client.pool as { numUsed(): number };
    // Two readers per user for three users: six stalled requests against a pool of four.
    for (const user of others.slice(0, 3)) {
      sockets.push(await stalledReader(user.token), await stalledReader(user.token));
    }
    // At most two streams hold a connection (a refused request may hold one for an instant).
    for (const deadline = Date.now() + 2_000; pool.numUsed() > 2 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(pool.numUsed()).toBeLessThanOrEqual(2);

    const reader = others[6]!;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const res = await slow.request('GET', '/posts?limit=5', { token: reader.token });
      expect(res.status, res.text).toBe(200);
      expect(performance.now() - started).toBeLessThan(2_000);
    }
    const busy = await slow.request('GET', '/posts', { token: others[5]!.token });
    if (busy.status !== 200) {
      expect([429, 503]).toContain(busy.status);
      expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    }

    // Past the stall deadline the stalled streams are cut and their connections come back.
    for (const deadline = Date.now() + 10_000; pool.numUsed() > 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(pool.numUsed()).toBe(0);

    // A reader that reads a little and hangs up.
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      const res = await fetch(`${slow.baseUrl}/posts`, {
        headers: { authorization: `Bearer ${others[6]!.token}` },
        signal: controller.signal,
      });
      await res.body!.getReader().read();
      controller.abort();
      for (const deadline = Date.now() + 5_000; pool.numUsed() > 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Cutting a stalled reader, or a reader leaving, is the service working as meant: no error logged.
    expect(levels.filter((level) => level >= 50)).toEqual([]);
  });

  /** A second app on the same rows, whose streams may wait on their clients a second and a half in all. */
  const trickleApp = async () =>
    (trickled ??= await Harness.attach(slow.databaseUrl, {
      STREAM_STALL_TIMEOUT_MS: '1500',
      // Far above what the trickle below reads: its waits soon outgrow what its bytes earn.
      STREAM_MIN_BYTES_PER_SECOND: String(64 * 1024 * 1024),
    }));

  /**
   * Asks for GET /posts and reads up to 256 KB of it every 100 ms: never for long enough to look stalled.
   * Resolves with whether the answer came whole (its last chunk) and whether the server closed the socket.
   */
  const trickle = (app: Harness, token: string, pool: { numUsed(): number }) =>
    new Promise<{ whole: boolean; closed: boolean }>((resolve) => {
      const url = new URL(app.baseUrl);
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`GET /posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
      });
      sockets.push(socket);
      socket.pause();
      let tail = '';
      const take = (size: number) => {
        const chunk = socket.read(Math.min(size, socket.readableLength)) as Buffer | null;
        if (chunk) tail = (tail + chunk.toString('latin1')).slice(-16);
      };
      const whole = () => tail.endsWith('\r\n0\r\n\r\n');
      const tick = setInterval(() => {
        if (socket.readableLength > 0) take(256 * 1024);
        if (whole()) finish(false);
        // Once the stream has given its connection back (cut, or sent whole), the rest is read at once.
        if (pool.numUsed() === 0 && socket.isPaused()) {
          socket.removeAllListeners('readable');
          socket.on('data', (chunk: Buffer) => {
            tail = (tail + chunk.toString('latin1')).slice(-16);
            if (whole()) finish(false);
          });
        }
      }, 100);
      const finish = (closed: boolean) => {
        clearInterval(tick);
        resolve({ whole: whole(), closed });
      };
      socket.on('readable', () => undefined); // paused mode: the socket fills its buffer, then pushes back
      socket.once('end', () => {
        take(socket.readableLength);
        finish(true);
      });
      socket.once('close', () => finish(true));
    });

  it('a trickling reader is cut once it has kept the stream waiting longer than its bytes earn', async () => {
    const app = await trickleApp();
    const pool = app.orm.em.getConnection().getKnex().client.pool as { numUsed(): number };
    // At 2.5 MB/s the 12 MB answer would take about five seconds, each wait far under the stall
    // limit; its allowance in all is a second and a half: cut, the reader gets a truncated answer.
    const ended = await trickle(app, others[1]!.token, pool);
    expect(ended).toEqual({ whole: false, closed: true });
    expect(pool.numUsed()).toBe(0);
  });

  it('a reader that takes the answer as fast as it comes gets all of it', async () => {
    const res = await (await trickleApp()).request('GET', '/posts', { token: others[2]!.token });
    expect(res.status).toBe(200);
    expect((res.body as unknown[]).length).toBe(1000);
  });
});
