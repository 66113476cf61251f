import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LargeAnswerSlots, WAITING_MAX } from '../../src/trpc/large-answers.js';
import { type ApiResponse, type TestUser, useHarness } from '../support/harness.js';

describe('large-answer slots (unit)', () => {
  it('one per user by default; a freed slot goes to the first waiting, not to whoever asks next', async () => {
    const slots = new LargeAnswerSlots({
      STREAMS_MAX: 2,
      STREAMS_PER_USER: 1,
      STREAMS_PER_ADDRESS: 9,
      STREAMS_WAIT_MS: 10_000,
    });
    expect([slots.take(1), slots.take(1), slots.take(2)]).toEqual([undefined, 'user', undefined]);
    const fresh = slots.acquire(3);
    slots.release(1);
    // The looping user asks again at once: the slot is already the waiting one's.
    expect(slots.take(1)).toBe('process');
    expect(await fresh).toBeUndefined();
  });

  it('keeps a bounded queue: no holder waits for more than its cap leaves it, nobody past WAITING_MAX', async () => {
    const slots = new LargeAnswerSlots({
      STREAMS_MAX: 1,
      STREAMS_PER_USER: 2,
      STREAMS_PER_ADDRESS: 9,
      STREAMS_WAIT_MS: 10_000,
    });
    expect(slots.take(0)).toBeUndefined();
    const first = slots.acquire(1);
    const second = slots.acquire(1);
    expect(await slots.acquire(1)).toBe('user');
    const others = Array.from({ length: WAITING_MAX - 2 }, (_, i) => slots.acquire(2 + i));
    expect(await slots.acquire(WAITING_MAX + 10)).toBe('process');
    // Each release hands the slot on in queue order: holder 0's to holder 1 (twice), then 2, 3, ...
    for (const holder of [0, 1, 1, ...Array.from({ length: WAITING_MAX - 3 }, (_, i) => 2 + i)]) slots.release(holder);
    expect(await Promise.all([first, second, ...others])).toEqual(Array(WAITING_MAX).fill(undefined));
  });

  it('at most STREAMS_PER_ADDRESS per client address, however many accounts ask from there', async () => {
    const slots = new LargeAnswerSlots({
      STREAMS_MAX: 3,
      STREAMS_PER_USER: 1,
      STREAMS_PER_ADDRESS: 2,
      STREAMS_WAIT_MS: 10_000,
    });
    expect([slots.take(1, 'a'), slots.take(2, 'a'), slots.take(3, 'a')]).toEqual([undefined, undefined, 'user']);
    // The last slot of the process stays for another address; one waiting from 'a' is refused at once.
    expect(await slots.acquire(4, 'a')).toBe('user');
    expect(slots.take(5, 'b')).toBeUndefined();
    // Full: 'b' waits in turn; a slot freed by 'a' goes to it, and 'a' may then ask again.
    const waiting = slots.acquire(6, 'b');
    slots.release(1, 'a');
    expect(await waiting).toBeUndefined();
    slots.release(2, 'a');
    expect(slots.take(7, 'a')).toBeUndefined();
  });

  it('waits at most STREAMS_WAIT_MS, then refuses for the process', async () => {
    const slots = new LargeAnswerSlots({
      STREAMS_MAX: 1,
      STREAMS_PER_USER: 1,
      STREAMS_PER_ADDRESS: 9,
      STREAMS_WAIT_MS: 1,
    });
    expect(slots.take(1)).toBeUndefined();
    expect(await slots.acquire(2)).toBe('process');
  });
});

describe('large answers over REST, shared fairly', () => {
  // The default STREAMS_PER_USER; a generous wait, so a loaded machine does not turn it into a 503.
  const h = useHarness({ STREAMS_MAX: '2', STREAMS_WAIT_MS: '10000' });
  let users: TestUser[];
  let locker: pg.Client;
  beforeAll(async () => {
    users = [await h.user(), await h.user(), await h.user()];
    await h.caller(users[0]!.token).posts.create({ title: 'one', content: 'post' });
    locker = new pg.Client(h.databaseUrl);
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
  });

  const list = (user: TestUser) => h.request('GET', '/posts', { token: user.token });
  const soon = <T>(answer: Promise<T>) =>
    Promise.race([answer, new Promise<'still waiting'>((done) => setTimeout(done, 5_000, 'still waiting'))]);

  it('a user gets one slot; a newcomer waits for the next one freed instead of a 503', async () => {
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    // Every whole list waits on the table, each holding its slot.
    await locker.query('begin');
    await locker.query('lock table posts in access exclusive mode');
    const held: Promise<ApiResponse>[] = [];
    try {
      held.push(list(a));
      await expect.poll(() => h.waitingOnLocks(), { timeout: 20_000 }).toBe(1);
      const second = await soon(list(a));
      expect(second === 'still waiting' ? second : second.status).toBe(429);
      held.push(list(b));
      await expect.poll(() => h.waitingOnLocks(), { timeout: 20_000 }).toBe(2);
      // Both slots of the process are taken: c waits in turn.
      held.push(list(c));
    } finally {
      await locker.query('commit');
    }
    expect((await Promise.all(held)).map((res) => res.status)).toEqual([200, 200, 200]);
  });

  it('HEAD of a streamed list answers its head without running the list statement', async () => {
    const [a] = users as [TestUser];
    let head: ApiResponse | undefined;
    const statements = await h.countQueries(async () => (head = await h.request('HEAD', '/posts', { token: a.token })));
    expect(head!.status).toBe(200);
    expect(head!.headers.get('content-type')).toMatch(/^application\/json/);
    expect(statements).toBeLessThanOrEqual(1); // the session's check
    expect((await h.request('HEAD', '/posts')).status).toBe(401);
    expect((await h.request('HEAD', '/posts/followed', { token: a.token })).status).toBe(200);
  });
});

describe('large answers from one address, over REST and /trpc', () => {
  // Every test client is 127.0.0.1: three accounts there, as cheap accounts behind one address.
  const h = useHarness({ STREAMS_MAX: '3', STREAMS_PER_ADDRESS: '2', STREAMS_WAIT_MS: '10000' });
  let users: TestUser[];
  let locker: pg.Client;
  beforeAll(async () => {
    users = [await h.user(), await h.user(), await h.user()];
    await h.caller(users[0]!.token).posts.create({ title: 'one', content: 'post' });
    locker = new pg.Client(h.databaseUrl);
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
  });

  it('hold at most STREAMS_PER_ADDRESS slots: a third account there is refused at once, whatever the transport', async () => {
    const [a, b, c] = users as [TestUser, TestUser, TestUser];
    await locker.query('begin');
    await locker.query('lock table posts in access exclusive mode');
    const held: Promise<ApiResponse>[] = [];
    try {
      held.push(h.request('GET', '/posts', { token: a.token }));
      held.push(h.request('GET', `/trpc/posts.list`, { token: b.token }));
      await expect.poll(() => h.waitingOnLocks(), { timeout: 20_000 }).toBe(2);
      const rest = await h.request('GET', '/posts', { token: c.token });
      expect(rest.status).toBe(429);
      expect(rest.headers.get('retry-after')).toBe('5');
      const trpc = await h.request('GET', `/trpc/posts.list`, { token: c.token });
      expect(trpc.status).toBe(429);
    } finally {
      await locker.query('commit');
    }
    expect((await Promise.all(held)).map((res) => res.status)).toEqual([200, 200]);
    expect((await h.request('GET', '/posts', { token: c.token })).status).toBe(200);
  });
});
