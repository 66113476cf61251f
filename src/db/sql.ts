import { ForeignKeyConstraintViolationException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Client, QueryConfig } from 'pg';
import { z } from 'zod';
import { knexClientOf, type KnexClient } from './db.js';
import { isReadOnly, onPrimary, routedReadPool } from './read-replicas.js';
import { badRequest, unauthorized } from '../platform/errors.js';
import { Comment, Post } from '../posts/posts.schemas.js';
import { UserSummary } from '../users/user-summary.schema.js';
import { UserWithRelations } from '../users/users.schemas.js';

/**
 * SQL fragments that build the API's JSON shapes inside PostgreSQL, so that a read of any size is
 * one statement (no N+1) and Node only passes the JSON through. Each takes the alias of the row it
 * describes; inner aliases are prefixed with it so fragments nest without clashing. Each names, as
 * its `schema`, the Zod schema its JSON must match: tests/sql-fragments.test.ts runs every one on
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
const jsonArray = (select: string) => `coalesce((select array_to_json(array_agg(a)) from (${select}) a), '[]'::json)`;

const userSummaryColumns = (u: string) => `${u}.id, ${u}.first_name as "firstName", ${u}.last_name as "lastName"`;

export const userSummaryJson = jsonFragment(UserSummary, (u: string) => jsonObject(`select ${userSummaryColumns(u)}`));

/**
 * UserSummary rows, by user id, from `fromWhere` (which must name "users" as `u`); `byId` may name
 * the link table's copy of the id, whose index then gives the order without a sort.
 */
const usersSelect = (u: string, fromWhere: string, byId = `${u}.id`) =>
  `select ${userSummaryColumns(u)} ${fromWhere} order by ${byId}`;

/** A JSON array of UserSummary (see usersSelect). */
export const usersArray = jsonFragment(z.array(UserSummary), (u: string, fromWhere: string, byId?: string) =>
  jsonArray(usersSelect(u, fromWhere, byId)),
);

const authorJson = (row: string) =>
  jsonObject(`select ${userSummaryColumns(`${row}_a`)} from users ${row}_a where ${row}_a.id = ${row}.author_id`);

const commentColumns = (c: string) => `${c}.id, ${c}.content, ${isoTimestamp(`${c}.created_at`)} as "createdAt",
  ${authorJson(c)} as "createdBy",
  ${usersArray(`${c}_lu`, `from comment_likes ${c}_l join users ${c}_lu on ${c}_lu.id = ${c}_l.user_id where ${c}_l.comment_id = ${c}.id`, `${c}_l.user_id`)} as "likedBy"`;

export const commentJson = jsonFragment(Comment, (c: string) => jsonObject(`select ${commentColumns(c)}`));

/** Comment rows newest first (ties by id), as every list in the API. */
const commentsSelect = (c: string, where: string) =>
  `select ${commentColumns(c)} from comments ${c} where ${where} order by ${c}.created_at desc, ${c}.id desc`;

export const commentsArray = jsonFragment(z.array(Comment), (c: string, where: string) =>
  jsonArray(commentsSelect(c, where)),
);

/**
 * `likedBy` and `comments` replace their subqueries where a write's own rows are not visible to its
 * statement, or cannot exist yet (EMPTY_LIST: a post's likes and comments, in the statement that
 * writes the post).
 */
const postColumns = (p: string, likedBy?: string, comments?: string) => `${p}.id, ${p}.title, ${p}.content,
  ${isoTimestamp(`${p}.created_at`)} as "createdAt", ${authorJson(p)} as "createdBy",
  ${likedBy ?? usersArray(`${p}_lu`, `from post_likes ${p}_l join users ${p}_lu on ${p}_lu.id = ${p}_l.user_id where ${p}_l.post_id = ${p}.id`, `${p}_l.user_id`)} as "likedBy",
  ${comments ?? commentsArray(`${p}_c`, `${p}_c.post_id = ${p}.id`)} as comments`;

export const EMPTY_LIST = `'[]'::json`;

export const postJson = jsonFragment(Post, (p: string, likedBy?: string, comments?: string) =>
  jsonObject(`select ${postColumns(p, likedBy, comments)}`),
);

/** Post rows newest first (ties by id), those of `posts` that `where` keeps. */
const postsSelect = (p: string, where: string) =>
  `select ${postColumns(p)} from posts ${p} where ${where} order by ${p}.created_at desc, ${p}.id desc`;

/**
 * A JSON array of the posts rows `orderedSource` (a subselect) yields, in its order: it sorts its
 * rows itself (newest first), before their JSON is built. Sorted here instead, the rows would be
 * sorted with their JSON: measured at a sixth of a 20-post page's PostgreSQL CPU.
 */
export const postsArray = jsonFragment(z.array(Post), (p: string, orderedSource: string) =>
  jsonArray(`select ${postColumns(p)} from ${orderedSource} ${p}`),
);

/**
 * The lists of a UserWithRelations, by field in the API's order, of the user whose id is `userId`
 * (a column or a placeholder): each a select of its elements' columns, in the list's order.
 */
const profileLists = (u: string, userId: string) => ({
  posts: postsSelect(`${u}_p`, `${u}_p.author_id = ${userId}`),
  comments: commentsSelect(`${u}_c`, `${u}_c.author_id = ${userId}`),
  followed: usersSelect(
    `${u}_fd`,
    `from follows ${u}_f1 join users ${u}_fd on ${u}_fd.id = ${u}_f1.followed_id where ${u}_f1.follower_id = ${userId}`,
    `${u}_f1.followed_id`,
  ),
  followers: usersSelect(
    `${u}_fr`,
    `from follows ${u}_f2 join users ${u}_fr on ${u}_fr.id = ${u}_f2.follower_id where ${u}_f2.followed_id = ${userId}`,
    `${u}_f2.follower_id`,
  ),
});

export const userWithRelationsJson = jsonFragment(UserWithRelations, (u: string) =>
  jsonObject(
    `select ${userSummaryColumns(u)}, ${Object.entries(profileLists(u, `${u}.id`))
      .map(([field, select]) => `${jsonArray(select)} as ${field}`)
      .join(', ')}`,
  ),
);

/**
 * The profile of the user whose id is `userId` as JSON text when it is small: its lists (posts,
 * comments, followed, followers) hold at most `maxItems` elements together (counted on the
 * tables' indexes, at most `maxItems + 1` entries read, no JSON built) and the text is at most
 * `maxBytes`; '' when it is larger, null when there is no such user.
 *
 * The count is one subquery: each subquery of a statement holds its own executor state for the
 * whole statement (an index scan's is about 40 kB), and four of them, one per list, made the
 * statement's memory about 1.1 MB larger. PostgreSQL's allocator hands memory beyond its
 * thresholds back to the system after each statement and faults it in again on the next: with
 * four, GET /users/{id} made 167 page faults per request (the reference's statement none) and
 * ran at half the reference's rate.
 */
export const smallUserWithRelationsText = jsonFragment(
  UserWithRelations,
  (userId: string, { maxItems, maxBytes }: { maxItems: number; maxBytes: number }) =>
    `case when not exists (${profileElements(userId)} offset ${maxItems}) then ${userWithRelationsTextUpTo(userId, maxBytes)} else '' end`,
);

/** The profile of the user whose id is `userId` as JSON text up to `maxBytes`: '' over it, null when there is no such user. */
export const userWithRelationsTextUpTo = jsonFragment(UserWithRelations, (userId: string, maxBytes: number | string) =>
  textUpTo(`(select ${userWithRelationsJson('u')} from users u where u.id = ${userId})::text`, maxBytes),
);

/** One empty row per element of a profile's lists, read from the tables' indexes. */
const profileElements = (userId: string) =>
  [
    `posts where author_id = ${userId}`,
    `comments where author_id = ${userId}`,
    `follows where follower_id = ${userId}`,
    `follows where followed_id = ${userId}`,
  ]
    .map((from) => `select from ${from}`)
    .join(' union all ');

/**
 * JSON text built by `json`, or '' when it is over `maxBytes`: what reaches the service is bounded.
 * `offset 0` keeps the subquery whole: flattened, PostgreSQL would build the JSON once per mention.
 */
const textUpTo = (json: string, maxBytes: number | string) =>
  `(select case when t.j is null or octet_length(t.j) <= ${maxBytes} then t.j else '' end from (select ${json} as j offset 0) t)`;

/**
 * The same profile as statements to run one after another in one snapshot, each yielding rows of
 * one `json` column (JSON as text), $1 the user's id: the UserSummary (no row: no such user), then each list's
 * elements, by field in the API's order. What a stream writes of a profile too large to build whole.
 */
export const userWithRelationsRows = {
  schema: UserWithRelations,
  user: `select row_to_json(o)::text as json from (select ${userSummaryColumns('u')} from users u where u.id = $1) o`,
  lists: Object.entries(profileLists('u', '$1')).map(([field, select]) => ({
    field,
    text: `select row_to_json(r)::text as json from (${select}) r`,
  })),
};

/**
 * A statement PostgreSQL prepares once per connection (a named statement) and then only binds and
 * executes: the large JSON-building statements are parsed and planned once, not per request.
 * DB_PREPARED_STATEMENTS=false sends them unnamed (parsed per run): a transaction-mode pooler
 * before PgBouncer 1.21 may bind a name on a server connection that never prepared it.
 */
export interface Statement {
  name: string;
  text: string;
}

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
export async function borrowConnection(
  db: Database,
): Promise<{ client: Client; release: (options?: { discard: boolean }) => Promise<void> }> {
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
  return {
    client,
    release: async ({ discard } = { discard: false }) => {
      if (discard) await client.end().catch(() => undefined);
      await knexClient.releaseConnection(client);
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

async function runOn<R>(knexClient: KnexClient, query: QueryConfig & { rowMode?: 'array' }): Promise<R[]> {
  // borrowConnection's steps, without its closure: this runs for nearly every request.
  const client = await knexClient.acquireConnection();
  try {
    // Taken out of the driver's list: V8 allocates that list in the old generation (it pretenures
    // its allocation site at start-up, when every such list lived long), and while the list held
    // them, each row and the answer text in it survived young collections: measured at 1.07 MB
    // promoted per collection on GET /posts/{id}, 0.24 MB with this, and pauses 2.4 -> 1.6 ms.
    const sent = knexClient.unnamedStatements && query.name ? { ...query, name: undefined } : query;
    return (await client.query(sent as QueryConfig)).rows.splice(0) as R[];
  } finally {
    await knexClient.releaseConnection(client);
  }
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

/** Whether the session row `s` is still open: not logged out, not expired. */
export function sessionIsOpen(s: string): string {
  return `${s}.revoked_at is null and ${s}.expires_at > now()`;
}

/**
 * The open session named by the caller's token ($1 its `jti`, $2 its user). A statement that reads
 * `from ${OPEN_SESSION}` yields no row once the session has ended, so the logout check rides along
 * with the read or write itself: one round trip per request. Its own values start at $3.
 */
export const OPEN_SESSION = `sessions s where s.jti = $1 and s.user_id = $2 and ${sessionIsOpen('s')}`;

export const SESSION_ENDED = 'Session has ended; log in again';

/** A caller whose session a statement checks; `sessionChecked` records that one did. */
export interface SessionHolder {
  jti: string;
  userId: number;
  sessionChecked: boolean;
}

/** What a session-checked statement needs from a procedure's context. */
export interface SessionScope {
  services: { orm: MikroORM };
  user: SessionHolder;
  /** The transport sends JSON as PostgreSQL built it (see json-text.ts). */
  jsonAsText: boolean;
}

/**
 * Runs a statement that reads `from ${OPEN_SESSION}` with the caller's session as $1, $2 and
 * `values` after them, and returns its one row; no row means the session has ended: 401.
 */
export async function runForSession<T extends unknown[]>(
  { services, user }: SessionScope,
  statement: Statement,
  values: unknown[],
): Promise<T> {
  const values_ = [user.jti, user.userId, ...values];
  let [row] = await runStatement(services.orm, statement, values_);
  // On a replica, the session was checked open on the primary first (read-replicas.ts); no row
  // there means the replica has not the session's row yet: the primary answers.
  if (!row && routedReadPool() !== undefined)
    [row] = await onPrimary(() => runStatement(services.orm, statement, values_));
  user.sessionChecked = true;
  if (!row) throw unauthorized(SESSION_ENDED);
  return row as T;
}
