import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

// A stream's session is read (authenticateStream) before the stream is among the hub's streams:
// for the first stream of a process, the listener connects, LISTENs, registers and reads the last
// ids in between. A session revoked in that window was heard (or not even heard) while the hub had
// no stream of that user, so nothing ended the new stream: it ran on until the session's expiry.
const h = useHarness();
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: h.databaseUrl });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

describe('a session revoked while its stream opens', () => {
  it('ends the stream once it is open', async () => {
    const user = await h.user();
    // Widens the window deterministically: the listener's registration removes stale rows, and
    // waits for this lock on one of them while the stream is half open.
    await admin.query('insert into live_listeners (pid) values (2147483646)');
    const locker = new pg.Client({ connectionString: h.databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select * from live_listeners where pid = 2147483646 for update');
    let feed: Promise<SseReader> | undefined;
    try {
      feed = SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                `select count(*)::int as n from pg_stat_activity
                 where application_name = 'feedline-live-listener' and wait_event_type = 'Lock'`,
              )
            ).rows[0].n,
          { timeout: 10_000 },
        )
        .toBe(1);
      const logout = await h.request('GET', '/auth/logout', { token: user.token });
      expect(logout.status).toBeLessThan(300);
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    const stream = await feed;
    try {
      expect(stream.status).toBe(200);
      await stream.until(() => stream.done, 'the stream of a revoked session to end', 5_000);
    } finally {
      stream.close();
    }
  });
});

describe('a session revoked in a transaction that commits while its stream opens', () => {
  it('ends the stream, though no process listened when the revocation was written', async () => {
    const user = await h.user();
    await h.services.live.close(); // no process listens now
    expect((await admin.query('select count(*)::int as n from live_listeners')).rows[0].n).toBe(0);
    // An operator revokes the user's sessions in a transaction of their own while nobody listens...
    const operator = new pg.Client({ connectionString: h.databaseUrl });
    await operator.connect();
    const other = await Harness.attach(h.databaseUrl);
    try {
      await operator.query('begin');
      await operator.query('update sessions set revoked_at = now() where user_id = $1', [user.id]);
      // ...and meanwhile a first stream opens: its session still reads open (not yet committed).
      const stream = await SseReader.open(`${other.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
      try {
        expect(stream.status).toBe(200);
        await operator.query('commit');
        await stream.until(() => stream.done, 'the stream of a revoked session to end', 5_000);
      } finally {
        stream.close();
      }
    } finally {
      await operator.query('rollback').catch(() => undefined);
      await operator.end();
      await other.close();
    }
  });
});
