import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

/**
 * A home resume (Last-Event-ID, a cursor) at the commit-order edge: a post whose id is below the
 * cursor's item commits after it (a writer held between taking its id and writing its row, as in
 * live-gap.test.ts), so a client that read the item before then never had it.
 */
vi.setConfig({ testTimeout: 60_000 });
const PAUSE_LOCK = 26_011;
const h = useHarness({ LIVE_HEARTBEAT_MS: '200' });
let reader: TestUser;
let friend: TestUser;
// Straight to PostgreSQL: its advisory lock is a session's (live-gap.test.ts says why).
let locker: pg.Client;
let slow: pg.Client; // a writer of its own transactions, through the pooler as the app's are
const streams: SseReader[] = [];

beforeAll(async () => {
  [reader, friend] = await Promise.all([h.user(), h.user()]);
  await h.caller(reader.token).users.follow({ id: friend.id });
  locker = new pg.Client({ connectionString: h.directUrl });
  slow = new pg.Client({ connectionString: h.databaseUrl });
  await Promise.all([locker.connect(), slow.connect()]);
  await locker.query(`create function test_pause() returns trigger language plpgsql as $$
    begin
      if new.title = 'paused' then perform pg_advisory_xact_lock(${PAUSE_LOCK}); end if;
      return new;
    end $$`);
  await locker.query('create trigger test_pause before insert on posts for each row execute function test_pause()');
});
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await locker.query('select pg_advisory_unlock_all()');
  await slow.query('rollback').catch(() => undefined);
});
afterAll(async () => {
  await Promise.all([locker.end(), slow.end()]);
});

const post = (title: string) =>
  h.request<{ id: number }>('POST', '/posts', { token: friend.token, body: { title, content: 'resume' } });

/** A POST /posts by the friend that has taken its id and waits before writing its row; `release` lets it commit. */
async function pausedWriter() {
  await locker.query('select pg_advisory_lock($1)', [PAUSE_LOCK]);
  const answer = post('paused');
  await expect
    .poll(
      async () =>
        (
          await locker.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = $1 and not granted`,
            [PAUSE_LOCK],
          )
        ).rows[0]!.n,
      { timeout: 20_000 },
    )
    .toBe(1);
  return {
    release: async () => {
      await locker.query('select pg_advisory_unlock($1)', [PAUSE_LOCK]);
      const response = await answer;
      expect(response.status).toBe(201);
      return response.body.id;
    },
  };
}

describe('GET /live/home resumed from a cursor', () => {
  it('delivers a post with a lower id that committed after the cursor’s item was read', async () => {
    const paused = await pausedWriter();
    const later = await post('later id, earlier commit');
    expect(later.status).toBe(201);
    const [top] = await h.caller(reader.token).posts.home({ limit: 1 });
    expect(top!.id).toBe(later.body.id);
    const lower = await paused.release();
    expect(lower).toBeLessThan(later.body.id);

    const resumed = await SseReader.open(`${h.baseUrl}/live/home`, {
      authorization: `Bearer ${reader.token}`,
      'last-event-id': top!.cursor,
    });
    streams.push(resumed);
    expect(resumed.status).toBe(200);
    const after = await post('after the resume');
    await resumed.until(
      () => resumed.json<{ id: number }>().some((item) => item.id === after.body.id),
      'the post after the resume',
    );
    expect(resumed.json<{ id: number }>().map((item) => item.id)).toContain(lower);
  });

  it('delivers a post begun before a deleted cursor’s item, whose id came after it', async () => {
    const open = (headers: Record<string, string> = {}) =>
      SseReader.open(`${h.baseUrl}/live/home`, { authorization: `Bearer ${reader.token}`, ...headers });
    const live = await open();
    streams.push(live);
    // A writer whose transaction (its created_at) starts now takes its id only later.
    await slow.query('begin');
    await slow.query('select now()');
    const gone = await post('read, then deleted');
    await live.until(() => live.json<{ id: number }>().some((item) => item.id === gone.body.id), 'the item');
    const cursor = live.events.at(-1)!.id!;
    live.close();
    const { rows } = await slow.query<{ id: number }>(
      `insert into posts (title, content, author_id) values ('begun earlier, id later', 'resume', $1) returning id`,
      [friend.id],
    );
    await slow.query('commit');
    expect(rows[0]!.id).toBeGreaterThan(gone.body.id);
    await h.caller(friend.token).posts.delete({ id: gone.body.id });

    const resumed = await open({ 'last-event-id': cursor });
    streams.push(resumed);
    expect(resumed.status).toBe(200);
    const after = await post('after the resume');
    await resumed.until(
      () => resumed.json<{ id: number }>().some((item) => item.id === after.body.id),
      'the post after the resume',
    );
    expect(resumed.json<{ id: number }>().map((item) => item.id)).toContain(rows[0]!.id);
  });
});
