import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Client, QueryConfig } from 'pg';
import { z } from 'zod';
import { knexClientOf, type KnexClient } from './db.js';
import { isReadOnly, routedReadPool } from './read-pool.js';
import { badRequest } from '../platform/errors.js';
import type { Statement } from './named-statements.js';

/**
 * SQL fragments build the API's JSON shapes inside PostgreSQL (the pieces are here, the shapes
 * with their domains: viewer/user-summary.sql.ts, posts/posts.sql.ts, users/users.sql.ts), so that
 * a read of any size is one statement (no N+1) and Node only passes the JSON through. Each takes the alias of the row it
 * describes; inner aliases are prefixed with it so fragments nest without clashing. Each names, as
 * its `schema`, the Zod schema its JSON must match: tests/db/sql-fragments.test.ts runs every one on
 * real rows and parses the result with it, key sets and order included.
 */

/** A fragment of SQL that builds JSON of the API's shape `schema`. */
export type JsonFragment<A extends unknown[] = never[], S extends z.ZodType = z.ZodType> = ((...args: A) => string) & {
  readonly schema: S;
};

export const jsonFragment = <A extends unknown[], S extends z.ZodType>(
  schema: S,
  build: (...args: A) => string,
): JsonFragment<A, S> => Object.assign(build, { schema });

/** ISO 8601 UTC with milliseconds, as Date.prototype.toISOString writes it. */
export const isoTimestamp = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/*
 * Shapes are column lists named as the API names its fields, in its order; row_to_json and
 * json_agg over a subselect of them cost PostgreSQL less than json_build_object per row, and
 * write compact JSON.
 */

/** The one row `select` yields as a JSON object (null when it yields none). */
export const jsonObject = (select: string) => `(select row_to_json(o) from (${select}) o)`;

/**
 * The rows `select` yields as a JSON array, in the select's order (array_agg keeps it); [] when none.
 * Compact (json_agg would put ", \n " between elements): PostgreSQL's text is then exactly what
 * JSON.stringify writes, so REST, /trpc and streams answer the same bytes.
 */
export const jsonArray = (select: string) =>
  `coalesce((select array_to_json(array_agg(a)) from (${select}) a), '[]'::json)`;

/**
 * The rows `select` yields as JSON array text, in its order (string_agg keeps it, as array_agg
 * does), while the text stays within `maxBytes`: a page that would be larger holds fewer rows. The
 * same bytes as jsonArray's text. `offset 0` keeps each row's JSON built once: flattened, PostgreSQL
 * would build it for the sum and again for the text.
 */
export const jsonArrayTextUpTo = (select: string, maxBytes: number) =>
  `(select '[' || coalesce(string_agg(t.j, ','), '') || ']' from (
      select x.j, sum(octet_length(x.j) + 1) over (rows unbounded preceding) as upto
      from (select row_to_json(a)::text as j from (${select}) a offset 0) x) t
    where t.upto <= ${Math.floor(maxBytes) - 1})`;

/** A list that cannot hold anything yet (a post's likes, in the statement that writes the post). */
export const EMPTY_LIST = `'[]'::json`;

export { namedStatement, namedStatements, type Statement } from './named-statements.js';

/**
 * Where a statement runs: the ORM, or a procedure's entity manager (`ctx.em`, a fork of the ORM's);
 * either way on a connection of the one pool MikroORM holds.
 */
export type Database = MikroORM | EntityManager;

const poolOf = (db: Database) => knexClientOf('getConnection' in db ? db : db.em);

/** The statement as `db` sends it: without its name when named statements are off (DB_PREPARED_STATEMENTS). */
export function statementFor<Q extends QueryConfig>(db: Database, query: Q): Q {
  return poolOf(db).unnamedStatements && query.name ? { ...query, name: undefined } : query;
}

/**
 * A connection of the pool MikroORM holds, as the pg driver's own client: for prepared statements
 * and cursors, which the ORM does not offer. The one place that reaches into that pool; `release`
 * gives it back, closed first when it is to be `discard`ed (its state is in doubt): the pool then
 * drops it instead of lending it again.
 */
export async function borrowConnection(db: Database): Promise<{
  client: Client;
  release: (options?: { discard: boolean }) => Promise<void>;
  /** Cancels what server process `backendPid` (this connection's, read in its transaction) runs, from another connection of the same pool. */
  cancel: (backendPid: number) => Promise<void>;
}> {
  // Only read requests' streams borrow connections: on the replica the request was routed to, or
  // the primary when that replica is away.
  let knexClient = routedReadPool() ?? poolOf(db);
  let client: Client;
  try {
    client = await knexClient.acquireConnection();
  } catch (error) {
    if (knexClient === poolOf(db)) throw error;
    knexClient = poolOf(db);
    client = await knexClient.acquireConnection();
  }
  const pool = knexClient;
  return {
    client,
    release: async ({ discard } = { discard: false }) => {
      if (discard) await close(client);
      await pool.releaseConnection(client);
    },
    cancel: async (backendPid) => {
      const other: Client = await pool.acquireConnection();
      try {
        await other.query('select pg_cancel_backend($1)', [backendPid]);
      } finally {
        await pool.releaseConnection(other);
      }
    },
  };
}

/**
 * Runs a statement on a connection of the pool: prepared (`name`, planned once per connection) or
 * not. `rowMode: 'array'` gives rows as arrays.
 */
async function run<R>(db: Database, query: QueryConfig & { rowMode?: 'array' }): Promise<R[]> {
  const replica = routedReadPool();
  if (replica !== undefined && isReadOnly(query)) {
    // A replica that fails mid-request (it went away since its last check): the primary answers.
    return runOn<R>(replica, query).catch(() => runOn<R>(poolOf(db), query));
  }
  return runOn<R>(poolOf(db), query);
}

/** Runs a statement on the connections of `knexClient`, whatever request routing says. */
export async function runOn<R>(knexClient: KnexClient, query: QueryConfig & { rowMode?: 'array' }): Promise<R[]> {
  // borrowConnection's steps, without its closure: this runs for nearly every request.
  const client = await knexClient.acquireConnection();
  try {
    // Taken out of the driver's list: V8 allocates that list in the old generation (it pretenures
    // its allocation site at start-up), and rows it held survived young collections with it.
    const sent = knexClient.unnamedStatements && query.name ? { ...query, name: undefined } : query;
    return (await client.query(sent as QueryConfig)).rows.splice(0) as R[];
  } catch (error) {
    if (connectionLost(error)) await close(client);
    throw error;
  } finally {
    await knexClient.releaseConnection(client);
  }
}

/**
 * Whether the statement failed because its connection is gone or in doubt: a FATAL or PANIC from
 * the server (its backend ended: 57P01 and the like) or no answer from it at all (a socket error, a
 * query deadline). An ordinary statement error leaves the connection as good as before.
 */
const connectionLost = (error: unknown) => {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity !== 'ERROR' && severity !== 'WARNING' && severity !== 'NOTICE';
};

/**
 * Closes a connection before it goes back to the pool, which then drops it instead of lending it
 * again. The pool learns of the close from the client's 'end' event, which pg emits a tick after
 * `end()` settles: the lender waits that long, so a request that resumes at once (a shared read's
 * waiters, say) cannot borrow the dying connection.
 */
async function close(client: Client): Promise<void> {
  await client.end().catch(() => undefined);
  await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs a prepared statement; rows come back as arrays (JSON built by PostgreSQL arrives as
 * `::text`, so the driver does not parse it).
 */
export const runStatement = (db: Database, statement: Statement, values: unknown[]) =>
  run<unknown[]>(db, { ...statement, values, rowMode: 'array' });

/** Runs a prepared statement; rows as objects, by column name (a `json` column arrives parsed). */
export const runRows = <R>(db: Database, statement: Statement, values: unknown[]) =>
  run<R>(db, { ...statement, values });

/** A statement with `$n` placeholders, as the pg driver takes it, and its values. */
export interface DriverStatement {
  text: string;
  values: unknown[];
}

/** Runs a statement that is not worth preparing (its text varies with the input); rows as objects. */
export const runDriverStatement = <R>(db: Database, { text, values }: DriverStatement) => run<R>(db, { text, values });

/**
 * The rows of `statement` (one `json` column of text), in its order, while their JSON adds up to at
 * most `maxBytes`: a page that would be larger holds fewer rows. `andTheFirstPast`: the first row
 * past that too, so a caller tells a longer list by the sum (an unpaged list answered whole).
 */
export const upToBytes = (
  { text, values }: DriverStatement,
  maxBytes: number,
  { andTheFirstPast = false } = {},
): DriverStatement => ({
  text: `select json from (select t.json, sum(octet_length(t.json) + 1) over (rows unbounded preceding) as upto,
      row_number() over () as nth from (${text} offset 0) t) b
    where b.upto ${andTheFirstPast ? '- octet_length(b.json) - 1' : ''} <= ${Math.floor(maxBytes) - 1} order by b.nth`,
  values,
});

/**
 * Runs `statement` in a transaction once `lock` (a statement that locks rows) holds its locks; rows
 * as objects. A statement of its own, so it reads what the lock's previous holder committed: one
 * statement's snapshot is taken before its locks wait.
 */
export async function runAfterLock<R>(
  db: Database,
  lock: Statement,
  lockValues: unknown[],
  statement: Statement,
  values: unknown[],
): Promise<R[]> {
  const { client, release } = await borrowConnection(db);
  let clean = false;
  try {
    await client.query('begin');
    await client.query(statementFor(db, { ...lock, values: lockValues }));
    const { rows } = await client.query(statementFor(db, { ...statement, values }));
    await client.query('commit');
    clean = true;
    return rows as R[];
  } finally {
    if (!clean)
      clean = await client.query('rollback').then(
        () => true,
        () => false,
      );
    await release({ discard: !clean });
  }
}

/** Runs a prepared statement and returns its first row (as an object), or null when it yields none. */
export async function findRow<R>(db: Database, statement: Statement, values: unknown[]): Promise<R | null> {
  const [row] = await runRows<R>(db, statement, values);
  return row ?? null;
}

/** The key a write broke, whichever way it ran: a MikroORM native call or a statement on the driver. */
function violatedKey(error: unknown): 'unique' | 'foreign' | undefined {
  if (error instanceof UniqueConstraintViolationException) return 'unique';
  if (error instanceof ForeignKeyConstraintViolationException) return 'foreign';
  const { code } = (error ?? {}) as { code?: unknown };
  return code === '23505' ? 'unique' : code === '23503' ? 'foreign' : undefined;
}

/**
 * Awaits a delete of the caller's own link (a like, a follow); when it removed nothing,
 * `assertTargetExists` answers a missing target (404), else 400 `notLinked`.
 */
export async function deleteLink(
  deleted: Promise<number>,
  notLinked: string,
  assertTargetExists: () => Promise<void>,
): Promise<void> {
  if ((await deleted) > 0) return;
  await assertTargetExists();
  throw badRequest(notLinked);
}

/**
 * Awaits a write whose keys, not a read before it, settle doubles and missing targets (even
 * between concurrent requests): a broken unique key throws `errors.unique`, a broken foreign key
 * `errors.foreign`, both made by the domain's queries module (e.g. 400 "already liked", 404). The
 * maps are module constants there: tsx names each closure made per call (a defineProperty each).
 */
export async function keysSettle<T>(
  write: Promise<T>,
  errors: { unique?: () => Error; foreign?: () => Error },
): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const key = violatedKey(error);
    const settled = key && errors[key];
    throw settled ? settled() : error;
  }
}

/**
 * Collects a statement's values; `add` gives each one's placeholder (`$1`, `$2`, … as the pg driver
 * numbers them), so a builder writes each where it goes, and may use one twice.
 */
export class StatementValues {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    return `$${this.values.push(value)}`;
  }
}
