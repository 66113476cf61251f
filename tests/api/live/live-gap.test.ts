import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

/**
 * The moment ordering is hardest: a writer has taken its id and not yet written its row. A test
 * trigger holds a `POST /posts` titled "paused" right there (a BEFORE trigger runs after the id
 * default, before the row is written), while a later id commits; the stream must not pass the
 * held id, and must deliver it once it commits.
 */
vi.setConfig({ testTimeout: 60_000 });
const PAUSE_LOCK = 26_010;
const h = useHarness();
let author: TestUser;
let reader: TestUser;
let witness: TestUser; // another follower of the author, whose stream shows what the process has released
// Straight to PostgreSQL even when the run goes through a pooler: its lock is a session's, and a
// transaction-mode pooler would lend the server connection holding it to the paused POST itself
// (a session re-enters its own advisory lock), which then never waits.
let locker: pg.Client; // holds the lock the paused writer waits for
let quick: pg.Client; // a writer of its own transactions, through the pooler as the app's are
const streams: SseReader[] = [];

beforeAll(async () => {
  author = await h.user();
  reader = await h.user();
  witness = await h.user();
  await h.caller(reader.token).users.follow({ id: author.id });
  await h.caller(witness.token).users.follow({ id: author.id });
  locker = new pg.Client({ connectionString: h.directUrl });
  quick = new pg.Client({ connectionString: h.databaseUrl });
  await Promise.all([locker.connect(), quick.connect()]);
  // Waiting on an advisory lock assigns no transaction id: the writer is held exactly as it is
  // between evaluating its id and writing its row.
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
  await quick.query('rollback').catch(() => undefined);
});
afterAll(async () => {
  await Promise.all([locker.end(), quick.end()]);
});

const post = (title: string) =>
  h.request<{ id: number }>('POST', '/posts', { token: author.token, body: { title, content: 'gap' } });

/**
 * Starts a POST /posts that takes its id and stops before writing its row; resolves once it waits
 * there. A take that writes the sequence's WAL record (one in 32, and the first after each
 * checkpoint) assigns a transaction id by itself; ids are taken first until the next take will not,
 * so the writer is held as it is in the common case.
 */
async function pausedWriter() {
  for (let i = 0; i < 3; i++) {
    const [{ log_cnt }] = (await quick.query<{ log_cnt: string }>('select log_cnt from posts_id_seq')).rows as [
      { log_cnt: string },
    ];
    if (Number(log_cnt) > 1) break;
    await quick.query(`select nextval('posts_id_seq')`);
  }
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
    answer,
    release: async () => {
      await locker.query('select pg_advisory_unlock($1)', [PAUSE_LOCK]);
      const response = await answer;
      expect(response.status).toBe(201);
      return response.body.id;
    },
  };
}

async function open(headers: Record<string, string> = {}, token = reader.token) {
  const stream = await SseReader.open(`${h.baseUrl}/live/feed`, {
    authorization: `Bearer ${token}`,
    ...headers,
  });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

/** Long enough for a stream that does not wait to have passed the held id; well within the settle limit (2 s). */
const aWhile = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('a writer between taking its id and writing its row', () => {
  it('holds back a later id on a live stream until it commits, then comes first', async () => {
    const feed = await open();
    const paused = await pausedWriter();
    const later = await post('later id, earlier commit');
    expect(later.status).toBe(201);
    await aWhile();
    expect(feed.events).toEqual([]);
    const lower = await paused.release();
    expect(lower).toBeLessThan(later.body.id);
    await feed.untilEvents(2);
    expect(feed.events.map((e) => Number(e.id))).toEqual([lower, later.body.id]);
  });

  it('a resume meanwhile replays it before the later id', async () => {
    const last = await post('the last one the client has');
    const paused = await pausedWriter();
    const later = await post('later id, earlier commit');
    const feed = await open({ 'last-event-id': String(last.body.id) });
    await aWhile();
    expect(feed.events).toEqual([]);
    const lower = await paused.release();
    await feed.untilEvents(2);
    expect(feed.events.map((e) => Number(e.id))).toEqual([lower, later.body.id]);
  });

  it('is waited for when a writer with a lower transaction id commits a later post id', async () => {
    const feed = await open();
    // The later writer's transaction id comes first, so the held one's is above every committed
    // transaction id: a snapshot's list of transactions in progress leaves it out.
    await quick.query('begin');
    await quick.query('select pg_current_xact_id()');
    const paused = await pausedWriter();
    const later = await quick.query<{ id: number }>(
      `insert into posts (title, content, author_id) values ('later id, earlier commit', 'gap', $1) returning id`,
      [author.id],
    );
    await quick.query('commit');
    await aWhile();
    expect(feed.events).toEqual([]);
    const lower = await paused.release();
    await feed.untilEvents(2);
    expect(feed.events.map((e) => Number(e.id))).toEqual([lower, later.rows[0]!.id]);
  });
});

describe('a new stream', () => {
  it('gets a post released while its start was being read', async () => {
    const watching = await open({}, witness.token);
    // The answer to the process's read of the last id taken reaches it only when the test says:
    // the statement runs at once, its answer is held, as a slow moment of the event loop would.
    const prototype = pg.Client.prototype as { query: (...args: unknown[]) => unknown };
    const query = prototype.query;
    let answered!: () => void;
    const read = new Promise<void>((resolve) => (answered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    prototype.query = function (this: unknown, ...args: unknown[]) {
      const result = query.apply(this, args);
      // By its text: with DB_PREPARED_STATEMENTS=false (behind a pooler) it is sent without its name.
      if (!(args[0] as { text?: string } | undefined)?.text?.includes('pg_sequence_last_value')) return result;
      return (result as Promise<unknown>).then(async (rows) => {
        answered();
        await released;
        return rows;
      });
    };
    try {
      const opening = open();
      await read;
      const written = await post('while the start was read');
      expect(written.status).toBe(201);
      await watching.until(() => watching.events.some((e) => Number(e.id) === written.body.id), 'the post released');
      release();
      const feed = await opening;
      await feed.until(() => feed.events.some((e) => Number(e.id) === written.body.id), 'the post on the new stream');
    } finally {
      prototype.query = query;
      release();
    }
  });
});
