import type { ServerResponse } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * A stream whose client leaves just after one of its statements was sent, before PostgreSQL has
 * described that statement's rows. Closing the cursor then (pg-cursor 2.x) ends with a second Sync
 * once the rows arrive: the connection's next statement is answered by a ReadyForQuery meant for
 * the cursor, and the pg client errors ("Received unexpected commandComplete message from
 * backend") or, worse, hands the next statement another one's answer.
 */
let h: Harness;
let owner: TestUser;
const lines: string[] = [];

beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  h = await Harness.start({}, logger);
  owner = await h.user();
  await h.caller(owner.token).users.follow({ id: (await h.user()).id });
  // About 450 KB of posts: a profile that is streamed.
  await h.orm.em.getConnection().execute(
    `insert into posts (title, content, author_id, created_at)
     select 'bulk ' || g, repeat('x', 600), ?, now() - g * interval '1 minute' from generate_series(1, 600) g`,
    [owner.id],
  );
}, 60_000);
afterAll(() => h.close());

const until = async (condition: () => Promise<boolean> | boolean, timeoutMs = 10_000) => {
  for (const deadline = Date.now() + timeoutMs; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(condition)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

it('a client leaving before a statement of its stream is described leaves the connection in step', async () => {
  const expected = (await h.request('GET', '/users/me', { token: owner.token })).text;
  // Another session holds `follows` when the stream starts its "followed" list: that statement
  // then waits for it, sent but not yet described, while the client leaves.
  const locker = new pg.Client({ connectionString: h.databaseUrl });
  await locker.connect();
  try {
    const left = new Promise((resolve) =>
      h.server.once('request', (_req, res: ServerResponse) => {
        res.once('close', resolve);
        const write = res.write.bind(res) as (text: string) => boolean;
        // The stream waits for 'drain' (as for a slow reader) before it sends the "followed" statement.
        res.write = ((text: string) => {
          if (!text.includes('"followed":[')) return write(text);
          write(text);
          void locker.query('begin; lock table follows in access exclusive mode').then(() => res.emit('drain'));
          return false;
        }) as typeof res.write;
      }),
    );
    const controller = new AbortController();
    const res = await fetch(`${h.baseUrl}/users/me`, {
      headers: { authorization: `Bearer ${owner.token}` },
      signal: controller.signal,
    });
    const body = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    for (let text = ''; !text.includes('"followed":[');) text += (await body.read()).value ?? '';
    await until(
      async () =>
        (await locker.query(`select 1 from pg_locks where relation = 'follows'::regclass and not granted`)).rowCount ===
        1,
    );
    controller.abort();
    await left; // the server has seen the client leave
  } finally {
    await locker.query('commit');
    await locker.end();
  }
  const pool = h.orm.em.getConnection().getKnex().client.pool as { numUsed(): number };
  // Its connection comes back at once (a write to a client that has left waits for nothing).
  await until(() => pool.numUsed() === 0, 2_000);

  // Every connection of the pool (ten) answers its own statements again.
  const answers = [];
  for (let i = 0; i < 12; i++) answers.push(await h.request('GET', '/users/me', { token: owner.token }));
  expect(answers.map((answer) => answer.text === expected)).not.toContain(false);
  expect(lines.filter((line) => /unexpected|Connection Error/i.test(line))).toEqual([]);
}, 60_000);
