import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFeedlineTrpcClient } from '../../../packages/client/src/trpc.js';
import { expectApiError } from '../../support/fixtures.js';
import { Harness, type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

// Generous on a loaded machine: the slow-consumer test writes megabytes before a stream backs up.
vi.setConfig({ testTimeout: 90_000 });
// A straggler is waited for 1 s: the 300 ms waits below stay well within it.
const h = useHarness({
  LIVE_STREAMS_PER_USER: '3',
  LIVE_HEARTBEAT_MS: '200',
  LIVE_BUFFER_EVENTS: '20',
  LIVE_SETTLE_MAX_WAIT_MS: '1000',
});
let author: TestUser; // writes
let reader: TestUser; // follows the author and subscribes
const readers: SseReader[] = [];

/** The readers' avatars (tests/media/avatar.test.ts sets real ones): events carry them as every read does. */
const avatarOf = (user: TestUser) => `/media/files/${String(user.id).padStart(22, 'a')}.jpg`;

beforeAll(async () => {
  author = await h.user({ firstName: 'Ada' });
  reader = await h.user({ firstName: 'Ray' });
  await h.caller(reader.token).users.follow({ id: author.id });
  for (const user of [author, reader])
    await h.orm.em.getConnection().execute('update users set avatar_url = ? where id = ?', [avatarOf(user), user.id]);
});
afterAll(() => {
  for (const stream of readers) stream.close();
});

async function open(path: string, token?: string, headers: Record<string, string> = {}) {
  const stream = await SseReader.open(`${h.baseUrl}${path}`, {
    ...(token && { authorization: `Bearer ${token}` }),
    ...headers,
  });
  readers.push(stream);
  return stream;
}

const post = (title: string, token = author.token) => h.caller(token).posts.create({ title, content: 'live' });

describe('GET /live/feed', () => {
  it('pushes each new post by a followed user as id/event/data, with heartbeats', async () => {
    const feed = await open('/live/feed', reader.token);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stranger = await h.user();
    await post('not followed', stranger.token);
    const written = await post('hello live');
    await feed.untilEvents(1);
    const [event] = feed.events;
    expect(event).toEqual({ id: String(written.id), event: 'post', data: expect.any(String) });
    expect(JSON.parse(event!.data)).toEqual(await h.caller(reader.token).posts.get({ id: written.id }));
    expect(JSON.parse(event!.data).createdBy.avatarUrl).toBe(avatarOf(author));
    await feed.until(() => feed.comments.includes('heartbeat'), 'a heartbeat');
    expect(feed.events).toHaveLength(1);
    feed.close();
  });

  it('replays exactly the posts missed after Last-Event-ID, in order, then goes on live', async () => {
    const first = await post('before the gap');
    const missed = [];
    for (let i = 0; i < 50; i++) missed.push((await post(`missed ${i}`)).id);
    const feed = await open('/live/feed', reader.token, { 'last-event-id': String(first.id) });
    await feed.untilEvents(50);
    const live = await post('after the replay');
    await feed.untilEvents(51);
    expect(feed.events.map((e) => Number(e.id))).toEqual([...missed, live.id]);
    expect(feed.json().map((p) => p.title)).toEqual([...missed.map((_, i) => `missed ${i}`), 'after the replay']);
    feed.close();
  });

  it('refuses a missing or bad token (401), a bad Last-Event-ID (400), and a token in the URL', async () => {
    expectApiError(await res('/live/feed'), 401, 'UNAUTHORIZED');
    expectApiError(await res('/live/feed', { authorization: 'Bearer x.y.z' }), 401, 'UNAUTHORIZED');
    expectApiError(await res(`/live/feed?access_token=${reader.token}&token=${reader.token}`), 401, 'UNAUTHORIZED');
    const bad = await res('/live/feed', { authorization: `Bearer ${reader.token}`, 'last-event-id': 'abc' });
    expectApiError(bad, 400, 'BAD_REQUEST');
    expect(bad.body.message).toContain('a whole number');
  });
});

async function res(path: string, headers: Record<string, string> = {}) {
  const stream = await SseReader.open(`${h.baseUrl}${path}`, headers);
  return { status: stream.status, headers: stream.headers, text: stream.text!, body: JSON.parse(stream.text!) };
}

describe('GET /live/notifications', () => {
  it('pushes the notifications of the caller as they are written', async () => {
    const notes = await open('/live/notifications', author.token);
    const written = await post('like me');
    await h.caller(reader.token).posts.like({ id: written.id });
    await notes.untilEvents(1);
    const [listed] = await h.caller(author.token).notifications.list({ limit: 1 });
    expect(notes.events[0]).toMatchObject({ id: String(listed!.id), event: 'notification' });
    expect(JSON.parse(notes.events[0]!.data)).toEqual(listed);
    expect(listed).toMatchObject({
      type: 'post_like',
      post: { id: written.id },
      actor: { avatarUrl: avatarOf(reader) },
    });
    notes.close();
  });
});

describe('limits and session hygiene', () => {
  it('logout ends the stream', async () => {
    const user = await h.user();
    const stream = await open('/live/notifications', user.token);
    await h.request('GET', '/auth/logout', { token: user.token });
    await stream.until(() => stream.done, 'the stream to end', 5_000);
  });

  it('a password change and an account deletion end the streams of the other sessions', async () => {
    const user = await h.user();
    const other = (await h.caller().auth.login({ email: user.email, password: 'correct horse battery' })).token;
    const stream = await open('/live/feed', other);
    await h.caller(user.token).auth.changePassword({
      currentPassword: 'correct horse battery',
      newPassword: 'another horse battery',
      newPasswordValidation: 'another horse battery',
    });
    await stream.until(() => stream.done, 'the stream to end', 5_000);
    const mine = await open('/live/feed', user.token);
    await h.caller(user.token).users.deleteMe({ password: 'another horse battery' });
    await mine.until(() => mine.done, 'the stream to end', 5_000);
  });

  it('answers 429 with Retry-After past the per-user limit', async () => {
    const user = await h.user();
    const streams = await Promise.all([1, 2, 3].map(() => open('/live/feed', user.token)));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const over = await res('/live/notifications', { authorization: `Bearer ${user.token}` });
    expectApiError(over, 429, 'TOO_MANY_REQUESTS');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    streams[0]!.close();
    await expect.poll(() => h.services.live.openStreams(user.id), { timeout: 10_000 }).toBe(2);
  });
});

describe('tickets for EventSource', () => {
  it('a ticket opens one stream, once, within its lifetime, for a live session only', async () => {
    const user = await h.user();
    await h.caller(user.token).users.follow({ id: author.id });
    const issued = await h.request('POST', '/live/ticket', { token: user.token });
    expect(issued.status, issued.text).toBe(200);
    expect(issued.body).toEqual({ ticket: expect.stringMatching(/^[\w-]{43}$/), expiresInSeconds: 60 });
    const stream = await open(`/live/feed?ticket=${issued.body.ticket}`);
    expect(stream.status).toBe(200);
    const written = await post('for the ticket holder');
    await stream.untilEvents(1);
    expect(stream.events[0]!.id).toBe(String(written.id));
    expectApiError(await res(`/live/feed?ticket=${issued.body.ticket}`), 401, 'UNAUTHORIZED', /ticket/);

    const { ticket: expired } = await h.caller(user.token).live.ticket();
    await h.orm.em.fork().execute(`update live_tickets set expires_at = now() - interval '1 second'`);
    expectApiError(await res(`/live/notifications?ticket=${expired}`), 401, 'UNAUTHORIZED');
    expectApiError(await res('/live/feed?ticket=made-up'), 401, 'UNAUTHORIZED');

    // The ticket's stream belongs to the session that asked for it.
    const { ticket } = await h.caller(user.token).live.ticket();
    const second = await open(`/live/notifications?ticket=${ticket}`);
    expect(second.status).toBe(200);
    await h.request('GET', '/auth/logout', { token: user.token });
    await stream.until(() => stream.done && second.done, 'both streams to end', 5_000);
  });
});

describe('a bad ticket', () => {
  it('is an invalid credential, 401 with WWW-Authenticate, never a 400: a JWT, empty, long, repeated', async () => {
    const user = await h.user();
    const values = [
      `ticket=${user.token}`,
      'ticket=',
      `ticket=${'x'.repeat(500)}`,
      'ticket=%00',
      'ticket=a&ticket=b',
      'ticket[a]=b',
    ];
    for (const query of values) {
      const refused = await res(`/live/feed?${query}`);
      expectApiError(refused, 401, 'UNAUTHORIZED');
      expect(refused.headers.get('www-authenticate'), query).toBe('Bearer');
    }
    // The same value over tRPC: the same refusal.
    for (const ticket of [user.token, '', 'x'.repeat(500)])
      await expect(h.caller().live.feed({ ticket })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('tRPC subscriptions', () => {
  it('live.feed over httpSubscriptionLink delivers tracked posts', async () => {
    const client = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: reader.token });
    const received: { id: string; title: string }[] = [];
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const subscription = client.live.feed.subscribe(undefined, {
      onStarted: () => started(),
      onData: ({ id, data }) => received.push({ id, title: data.title }),
    });
    try {
      await ready;
      const written = await post('over tRPC');
      await expect.poll(() => received, { timeout: 20_000 }).toEqual([{ id: String(written.id), title: 'over tRPC' }]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('resumes after lastEventId, then goes on live', async () => {
    const first = await post('resume from here');
    const missed = [(await post('missed 1')).id, (await post('missed 2')).id];
    const events = await h.caller(reader.token).live.feed({ lastEventId: String(first.id) });
    const iterator = events[Symbol.asyncIterator]();
    // A server-side caller gets tracked() envelopes as they are: [id, data].
    const nextId = async () => {
      const [id, data] = (await iterator.next()).value as unknown as [string, { id: number }];
      expect(id).toBe(String(data.id));
      return data.id;
    };
    const ids = [await nextId(), await nextId()];
    const live = post('live again');
    ids.push(await nextId());
    await iterator.return?.(undefined);
    expect(ids).toEqual([...missed, (await live).id]);
  });
});

describe('slow consumers', () => {
  it('a client that stops reading is cut off after its buffer, while others get every post at once', async () => {
    const slow = await h.user();
    await h.caller(slow.token).users.follow({ id: author.id });
    const fast = await open('/live/feed', reader.token);
    // A raw connection that never reads: the kernel's buffers fill, then the stream's own.
    const { port } = new URL(h.baseUrl);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write(`GET /live/feed HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${slow.token}\r\n\r\n`);
    socket.pause();
    await expect.poll(() => h.services.live.openStreams(slow.id), { timeout: 20_000 }).toBe(1);
    const big = 'x'.repeat(20_000);
    const written: number[] = [];
    // Loopback buffers hold a few megabytes; 20 kB posts fill them, then the stream's 20 events. The
    // fast reader keeps within 10 events of the writer, however loaded the machine: a reader that keeps up.
    for (let i = 0; i < 600 && h.services.live.openStreams(slow.id) > 0; i++) {
      written.push((await h.caller(author.token).posts.create({ title: `big ${i}`, content: big })).id);
      await fast.untilEvents(written.length - 10);
    }
    // The slow stream was ended, and the fast reader got everything.
    expect(h.services.live.openStreams(slow.id)).toBe(0);
    expect(written.length).toBeGreaterThan(20);
    await fast.untilEvents(written.length);
    expect(fast.events.map((e) => Number(e.id))).toEqual(written);
    socket.destroy();
    fast.close();
  });
});

describe('the listening connection', () => {
  it('goes to LIVE_LISTEN_DATABASE_URL; when it cannot listen, a stream answers 503', async () => {
    const unreachable = await Harness.attach(h.databaseUrl, {
      LIVE_LISTEN_DATABASE_URL: 'postgres://127.0.0.1:1/none',
    });
    try {
      const refused = await SseReader.open(`${unreachable.baseUrl}/live/feed`, {
        authorization: `Bearer ${reader.token}`,
      });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.text!)).toEqual({ message: expect.any(String), code: 'SERVICE_UNAVAILABLE' });
    } finally {
      await unreachable.close();
    }
  });
});

describe('the per-process limit', () => {
  it('answers 429 once the process holds LIVE_STREAMS_MAX streams', async () => {
    const small = await Harness.attach(h.databaseUrl, { LIVE_STREAMS_MAX: '1' });
    try {
      const user = await h.user();
      const one = await SseReader.open(`${small.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
      expect(one.status).toBe(200);
      const two = await SseReader.open(`${small.baseUrl}/live/feed`, { authorization: `Bearer ${reader.token}` });
      expect(two.status).toBe(429);
      expect(two.headers.get('retry-after')).toBe('5');
      one.close();
    } finally {
      await small.close();
    }
  });
});

describe('a lost listening connection', () => {
  it('reconnects, and the streams catch up on what committed meanwhile, in order', async () => {
    const feed = await open('/live/feed', reader.token);
    const before = await post('before the loss');
    await feed.untilEvents(1);
    const em = h.orm.em.fork();
    const [{ killed }] = await em.execute<[{ killed: number }]>(
      `select count(pg_terminate_backend(pid))::int as killed from pg_stat_activity
       where application_name = 'feedline-live-listener' and datname = current_database()`,
    );
    expect(killed).toBe(1);
    // Written at once, before the listener is back: only a catch-up from the database can deliver them.
    const during = [(await post('during 1')).id, (await post('during 2')).id];
    await expect
      .poll(
        async () =>
          (
            await em.execute<[{ n: number }]>(
              `select count(*)::int as n from pg_stat_activity
               where application_name = 'feedline-live-listener' and datname = current_database()`,
            )
          )[0].n,
        { timeout: 20_000 },
      )
      .toBe(1);
    const after = await post('after the loss');
    await feed.untilEvents(4);
    expect(feed.events.map((e) => Number(e.id))).toEqual([before.id, ...during, after.id]);
    feed.close();
  });
});

describe('commit order and id order', () => {
  const insert = `insert into posts (title, content, author_id) values ($1, 'x', $2) returning id`;
  /**
   * Two writers: `slow` takes the lower id in a transaction it commits later, `quick` the next id at
   * once. Two authors the reader follows: one author's posts queue on their post count's row.
   */
  let second: TestUser;
  beforeAll(async () => {
    second = await h.user({ firstName: 'Bea' });
    await h.caller(reader.token).users.follow({ id: second.id });
  });
  async function writers() {
    const [slow, quick] = [new pg.Client(h.databaseUrl), new pg.Client(h.databaseUrl)];
    await Promise.all([slow.connect(), quick.connect()]);
    await slow.query('begin');
    const lower = (await slow.query<{ id: number }>(insert, ['lower id, later commit', author.id])).rows[0]!.id;
    const higher = (await quick.query<{ id: number }>(insert, ['higher id, earlier commit', second.id])).rows[0]!.id;
    return { slow, lower, higher, end: () => Promise.all([slow.end(), quick.end()]) };
  }

  it('a lower id that commits after a higher one is still delivered first, however late it commits', async () => {
    const feed = await open('/live/feed', reader.token);
    const { slow, lower, higher, end } = await writers();
    try {
      // Longer than a fixed wait for a gap would be (the old one was 100 ms), well within the settle
      // limit (LIVE_SETTLE_MAX_WAIT_MS): the order must come from the transactions themselves.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(feed.events).toEqual([]);
      await slow.query('commit');
      await feed.untilEvents(2);
      expect(feed.events.map((e) => Number(e.id))).toEqual([lower, higher]);
    } finally {
      await end();
      feed.close();
    }
  });

  it('a resume while a lower id is still uncommitted replays it before the higher one', async () => {
    const last = await post('the last one the client has');
    const { slow, lower, higher, end } = await writers();
    try {
      const feed = await open('/live/feed', reader.token, { 'last-event-id': String(last.id) });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(feed.events).toEqual([]);
      await slow.query('commit');
      await feed.untilEvents(2);
      const next = await post('live after the replay');
      await feed.untilEvents(3);
      expect(feed.events.map((e) => Number(e.id))).toEqual([lower, higher, next.id]);
      feed.close();
    } finally {
      await end();
    }
  });

  it('a transaction that stays open does not hold the stream back for longer than the settle limit', async () => {
    // A second app with a short settle limit: the stream waits for that limit alone, not the file's.
    const short = await Harness.attach(h.databaseUrl, { LIVE_SETTLE_MAX_WAIT_MS: '200' });
    const feed = await SseReader.open(`${short.baseUrl}/live/feed`, { authorization: `Bearer ${reader.token}` });
    const { slow, higher, end } = await writers();
    try {
      await feed.untilEvents(1);
      expect(feed.events.map((e) => Number(e.id))).toEqual([higher]);
      await slow.query('rollback');
      const next = await post('after the straggler');
      await feed.untilEvents(2);
      expect(feed.events.map((e) => Number(e.id))).toEqual([higher, next.id]);
    } finally {
      await end();
      feed.close();
      await short.close();
    }
  });
});
