import QueryStream from 'pg-query-stream';
import { describe, expect, it } from 'vitest';
import { knexClientOf } from '../../src/db/db.js';
import { LiveListener } from '../../src/live/listener.js';
import { createLogger } from '../../src/platform/logger.js';
import { expectApiError } from '../support/fixtures.js';
import { useHarness } from '../support/harness.js';

/**
 * Issue 38: a row over DB_MAX_ROW_BYTES, on any connection, is a handled error (SQLSTATE 54000)
 * and the connection or its pool goes on serving. Here the limit is 4 KiB, so a 5,000-byte value is over it.
 */
const LIMIT = 4096;
const BIG = `select repeat('x', 5000) as v`;
const lines: string[] = [];
const h = useHarness(
  { DB_MAX_ROW_BYTES: String(LIMIT) },
  createLogger('info', { write: (line: string) => void lines.push(line) }),
);

const overLimit = { code: '54000', message: expect.stringMatching(/over the DB_MAX_ROW_BYTES limit/) };
const levelOf = (line: string) => (JSON.parse(line) as { level: number }).level;

describe('rows over DB_MAX_ROW_BYTES', () => {
  it('through the ORM: a handled error, and the next statement works', async () => {
    const em = h.orm.em.fork();
    await expect(em.getConnection().execute(BIG)).rejects.toMatchObject(overLimit);
    await expect(em.getConnection().execute(`select 'ok' as v`)).resolves.toEqual([{ v: 'ok' }]);
  });

  it("through the pool's own connections, simple and extended protocol: the same connection answers next", async () => {
    const knex = knexClientOf(h.orm.em);
    const client = await knex.acquireConnection();
    try {
      await expect(client.query(BIG)).rejects.toMatchObject(overLimit);
      await expect(
        client.query({ name: 'guard-big', text: 'select repeat($1::text, 5000) as v', values: ['y'] }),
      ).rejects.toMatchObject(overLimit);
      // Rows after the one over the limit are dropped with it; the statements after are whole.
      await expect(client.query(`select repeat('x', 5000) from generate_series(1, 3)`)).rejects.toMatchObject(
        overLimit,
      );
      expect(
        await client
          .query({ name: 'guard-big', text: 'select repeat($1::text, 5000) as v', values: ['y'] })
          .catch((e: unknown) => e),
      ).toMatchObject(overLimit);
      expect((await client.query('select 41 + 1 as v')).rows).toEqual([{ v: 42 }]);
      expect((await client.query({ name: 'guard-small', text: 'select $1::int as v', values: [7] })).rows).toEqual([
        { v: 7 },
      ]);
    } finally {
      await knex.releaseConnection(client);
    }
  });

  it('through a cursor (pg-query-stream): the stream fails, the connection answers next', async () => {
    const knex = knexClientOf(h.orm.em);
    const client = await knex.acquireConnection();
    try {
      await client.query('begin');
      const rows: unknown[] = [];
      const stream = client.query(
        new QueryStream(
          `select n, case when n = 3 then repeat('x', 5000) else 'small' end as v from generate_series(1, 10) n`,
          [],
          { batchSize: 2 },
        ),
      );
      const failure = await (async () => {
        for await (const row of stream) rows.push(row);
      })().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject(overLimit);
      expect(rows.length).toBeLessThan(3);
      await client.query('rollback');
      expect((await client.query('select 1 as v')).rows).toEqual([{ v: 1 }]);
    } finally {
      await knex.releaseConnection(client);
    }
  });

  it('on the LISTEN connection: a NOTIFY over the limit is dropped, the listener reconnects and hears the next', async () => {
    const heard: string[] = [];
    const logged: string[] = [];
    const listener = new LiveListener(
      h.directUrl,
      { message: (payload) => void heard.push(payload), listening: async () => {} },
      createLogger('info', { write: (line: string) => void logged.push(line) }),
      60_000,
      LIMIT,
    );
    try {
      await listener.listening();
      const knex = knexClientOf(h.orm.em);
      const client = await knex.acquireConnection();
      try {
        await client.query(`select pg_notify('feedline_live', repeat('b', 5000))`);
        for (let i = 0; i < 100 && !logged.some((line) => line.includes('54000')); i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        await listener.listening();
        await client.query(`select pg_notify('feedline_live', 'small')`);
      } finally {
        await knex.releaseConnection(client);
      }
      for (let i = 0; i < 100 && !heard.includes('small'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual(['small']);
      expect(logged.filter((line) => line.includes('54000'))).toHaveLength(1);
    } finally {
      await listener.stop();
    }
  });

  it('over HTTP: a post whose JSON is over the limit answers 500 in the error format, one log line, and the app serves on', async () => {
    const author = await h.user();
    const post = await h.caller(author.token).posts.create({ title: 'big', content: 'c'.repeat(1500) });
    for (let i = 0; i < 3; i++) await h.caller(author.token).posts.comment({ id: post.id, content: 'k'.repeat(1000) });
    lines.length = 0;
    const res = await h.request('GET', `/posts/${post.id}`, { token: author.token });
    expectApiError(res, 500, 'INTERNAL_SERVER_ERROR');
    expect(Object.keys(res.body as object).sort()).toEqual(['code', 'message']);
    expect(lines.filter((line) => levelOf(line) >= 40)).toHaveLength(1);
    expect((await h.request('GET', '/healthz')).status).toBe(200);
    const other = await h.user();
    const me = await h.request('GET', '/users/me', { token: other.token });
    expect(me.status).toBe(200);
    const small = await h.caller(author.token).posts.create({ title: 'small', content: 'fine' });
    expect((await h.request('GET', `/posts/${small.id}`, { token: author.token })).status).toBe(200);
  });
});
