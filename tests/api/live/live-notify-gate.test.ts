import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

// The NOTIFY triggers send only while a process listens (src/live/live-listener.entity.ts): a
// notifying commit takes a lock every other notifying commit waits for.
const h = useHarness();
let heard: string[];
let spy: pg.Client; // listens without registering: it hears what the triggers send, nothing more

beforeAll(async () => {
  spy = new pg.Client({ connectionString: h.directUrl }); // LISTEN: not through a pooler
  await spy.connect();
  await spy.query('listen feedline_live');
  heard = [];
  spy.on('notification', (message) => heard.push(message.payload ?? ''));
});
afterAll(async () => {
  await spy.end();
});

const registrations = async () => Number((await spy.query('select count(*) from live_listeners')).rows[0].count);
const roundTrip = () => spy.query('select 1'); // a notification sent before it arrives before its answer

describe('live NOTIFY triggers', () => {
  it('send nothing while no process listens, and send once a stream has opened; a stopped process unregisters', async () => {
    const author = await h.user();
    const reader = await h.user();
    await h.caller(reader.token).users.follow({ id: author.id });
    const unheard = await h.caller(author.token).posts.create({ title: 'before', content: 'nobody listens' });
    await roundTrip();
    expect(heard).toEqual([]);
    expect(await registrations()).toBe(0);

    const feed = await SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${reader.token}` });
    try {
      expect(feed.status).toBe(200);
      expect(await registrations()).toBe(1);
      const written = await h.caller(author.token).posts.create({ title: 'after', content: 'a stream listens' });
      await feed.untilEvents(1);
      expect(feed.events.map((event) => event.id)).toEqual([String(written.id)]);
      await roundTrip();
      expect(heard).toContain(`p${written.id}`);
      expect(heard).not.toContain(`p${unheard.id}`);
    } finally {
      feed.close();
    }
    await h.services.live.close();
    expect(await registrations()).toBe(0);
  });

  it('a registration whose backend is gone (a killed process) is removed by the next process to register', async () => {
    await spy.query('insert into live_listeners (pid) values (2147483647)');
    const other = await Harness.attach(h.databaseUrl);
    try {
      const user = await other.user();
      const feed = await SseReader.open(`${other.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` });
      try {
        expect(feed.status).toBe(200);
        const { rows } = await spy.query<{ pid: number }>('select pid from live_listeners');
        expect(rows.map((row) => row.pid)).not.toContain(2147483647);
        expect(rows).toHaveLength(1);
      } finally {
        feed.close();
      }
    } finally {
      await other.close();
    }
    expect(await registrations()).toBe(0);
  });
});
