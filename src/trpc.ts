import type { ServerResponse } from 'node:http';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { initTRPC, TRPCError, type AnyProcedure } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import { getTRPCErrorFromUnknown, middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { assertSessionOpen } from './auth/auth.queries.js';
import { authenticate, type SessionUser } from './auth/authenticate.js';
import { WriteLimits, type CountedWrite } from './auth/write-limits.js';
import type { Config } from './config.js';
import { formatError, normalizeError } from './error-handling.js';
import type { LiveHub } from './live/live-hub.js';
import type { Logger } from './logger.js';
import type { ReadReplicas } from './read-replicas.js';
import { SESSION_ENDED } from './sql.js';
import { unauthorized as unauthorizedError } from './errors.js';

/** What the whole app shares, built once at start-up. */
export interface AppServices {
  orm: MikroORM;
  config: Config;
  logger: Logger;
  /** The process's live streams (GET /live/*, live.* subscriptions). */
  live: LiveHub;
  /** Set when DATABASE_REPLICA_URLS lists replicas: where read requests' statements go. */
  reads?: ReadReplicas;
}

/** What a request brings; publicProcedure and authedProcedure add `em`, which they hand to their queries. */
export interface Context {
  services: AppServices;
  /** The bearer token, verified only by procedures that need a caller. */
  token: string | null;
  /** The client's address, for per-address limits. */
  clientAddress: string;
  /** The transport sends JSON built by PostgreSQL as is: procedures may answer it unparsed (json-text.ts). */
  jsonAsText: boolean;
  /** Over HTTP: runs `release` once the answer has been sent or the client has gone (large-answers.ts). */
  whenAnswered?: (release: () => void) => void;
  /**
   * Over HTTP: the answer is over (a live stream ended by the server). A client that does not read
   * leaves the adapter waiting for a drain that never comes: its connection is closed, at once when
   * its buffer is full, else unless the answer ends within STREAM_STALL_TIMEOUT_MS.
   */
  closeUnlessAnswerEnds?: () => void;
  /** Over /trpc: the request's calls (a batch's) run through it, a few at a time (BATCH_CALLS_AT_ONCE). */
  batchGate?: Gate;
}

/**
 * Calls of one /trpc batch that run at once. tRPC starts every call of a batch together: 20 calls
 * were 20 pool acquisitions at once, queued ahead of everyone else's; a few at a time, a batch
 * costs the pool what a few requests do, and its answer is no later than its slowest calls allow.
 */
const BATCH_CALLS_AT_ONCE = 2;

/** Runs at most `size` functions at once; the rest wait their turn, in order. */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the turn passes on: `running` stays
      else this.running--;
    }
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function createContextFactory(services: AppServices, { jsonAsText = false } = {}) {
  // Without a trusted proxy, Express's req.ip is the socket's address, worked out (X-Forwarded-For
  // parsed, then discarded) on every read: taken from the socket directly, it costs nothing.
  const viaProxy = services.config.TRUST_PROXY !== 'false';
  return ({ req, res }: Pick<CreateExpressContextOptions, 'req'> & { res?: ServerResponse }): Context => ({
    services,
    token: bearerToken(req.headers.authorization),
    clientAddress: (viaProxy ? req.ip : undefined) ?? req.socket?.remoteAddress ?? 'unknown',
    jsonAsText,
    whenAnswered: res && ((release) => (res.closed ? release() : res.once('close', release))),
    closeUnlessAnswerEnds: res && (() => closeUnlessEnds(res, services.config.STREAM_STALL_TIMEOUT_MS)),
    batchGate: jsonAsText ? undefined : new Gate(BATCH_CALLS_AT_ONCE),
  });
}

function closeUnlessEnds(res: ServerResponse, timeoutMs: number): void {
  if (res.closed) return;
  if (res.writableNeedDrain) return void res.destroy();
  const timer = setTimeout(() => res.destroy(), timeoutMs).unref();
  res.once('close', () => clearTimeout(timer));
}

/**
 * OpenAPI metadata plus what the REST facade and its document need: the success status (200 when
 * unset) and the error statuses the procedure itself answers, with what each means. 401 (when
 * protected), 413 and 415 (when it takes a body) and 503 are added to the document for all.
 */
export interface AppMeta extends OpenApiMeta {
  successStatus?: 201 | 204;
  errors?: Partial<Record<400 | 401 | 403 | 404 | 429, string>>;
  /** A DELETE whose input is a JSON body (DELETE /users/me: a password must not go in a URL); rest.ts reads it. */
  deleteTakesBody?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    // Never put stack traces in error bodies.
    isDev: false,
    errorFormatter: formatError,
    // Subscriptions (live.*) over server-sent events: a ping every 15 s keeps proxies from closing an
    // idle stream, and the client reconnects (resuming by id) when it hears nothing for much longer.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 45_000 } },
  });

/** A router whose procedures run their middlewares directly (withDirectMiddlewareChain). */
export const router: typeof t.router = (record) => withDirectMiddlewareChain(t.router(record));
export const createCallerFactory = t.createCallerFactory;

type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type NextOptions = { ctx?: object; input?: unknown; getRawInput?: unknown };
type Middleware = (call: MiddlewareCall) => Promise<unknown>;
/** Runs a procedure's middleware `index` with `call`: its result, or its throw as a failed result. */
type RunMiddleware = (index: number, call: MiddlewareCall) => Promise<MiddlewareResult>;

/**
 * What a middleware is called with: the options tRPC's chain passes (those adapters and callers
 * give a procedure, its meta, its input) and `next`, which calls the next middleware with them,
 * its context merged with what it passes as tRPC's does. One shape at every level of every
 * procedure, so that V8 builds it as fast as a literal: spread copies of the options, whose
 * shapes vary by level and caller, took 12 µs of a POST /posts.
 */
class MiddlewareCall {
  readonly next: (nextOpts?: NextOptions) => Promise<MiddlewareResult>;

  constructor(
    readonly ctx: object | undefined,
    readonly type: unknown,
    readonly path: unknown,
    readonly input: unknown,
    readonly getRawInput: unknown,
    readonly meta: unknown,
    readonly signal: unknown,
    readonly batchIndex: unknown,
    run: RunMiddleware,
    index: number,
  ) {
    this.next = (nextOpts) =>
      run(
        index + 1,
        new MiddlewareCall(
          nextOpts?.ctx ? { ...ctx, ...nextOpts.ctx } : ctx,
          type,
          path,
          nextOpts && 'input' in nextOpts ? nextOpts.input : input,
          nextOpts?.getRawInput ?? getRawInput,
          meta,
          signal,
          batchIndex,
          run,
          index + 1,
        ),
      );
  }
}

/** The definitions whose middlewares a direct procedure holds (withOutputBuiltBySql must come first). */
const chained = new WeakSet<object>();
const directProcedures = new WeakSet<object>();

/** Whether a router's procedure runs its middlewares directly (withDirectMiddlewareChain). */
export const runsDirectly = (procedure: unknown): boolean => directProcedures.has(procedure as object);

/**
 * tRPC calls a procedure's middlewares (its kind's, its input parser, its resolver) through a
 * chain that copies the call's options, and its context, key by key at every level (a compiled
 * object spread that redefines keys already there, which leaves V8 slow objects): measured at a
 * fifth to a quarter of the instructions of a whole GET /posts/{id}, and the first copy alone at
 * 8 µs of a POST /posts. Each procedure of the router is replaced here (in its flat map, its
 * record and the router's own keys) by one that calls the same middlewares, in the same order,
 * with the same options (MiddlewareCall; a middleware's throw becomes a failed result, a failed
 * result the call's error), and keeps its definition. createCaller, /trpc and REST all find
 * procedures there.
 */
export function withDirectMiddlewareChain<R extends { _def: { procedures: object; record: object } }>(built: R): R {
  const procedures = built._def.procedures as Record<string, AnyProcedure>;
  for (const [path, procedure] of Object.entries(procedures)) {
    if (directProcedures.has(procedure)) continue;
    const direct = directProcedure(procedure);
    procedures[path] = direct;
    const keys = path.split('.');
    const name = keys.pop()!;
    let holder = built._def.record as Record<string, unknown>;
    for (const key of keys) holder = holder[key] as Record<string, unknown>;
    holder[name] = direct;
    if (keys.length === 0) (built as unknown as Record<string, unknown>)[name] = direct;
  }
  return built;
}

function directProcedure(procedure: AnyProcedure): AnyProcedure {
  const def = procedure._def as unknown as { middlewares: Middleware[]; meta?: unknown };
  chained.add(def);
  const { middlewares, meta } = def;
  const run: RunMiddleware = async (index, call) => {
    try {
      return (await middlewares[index]!(call)) as MiddlewareResult;
    } catch (cause) {
      return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as MiddlewareResult;
    }
  };
  // What tRPC's own procedure does with the chain's result.
  const direct = async (opts: Partial<MiddlewareCall>) => {
    if (!opts || !('getRawInput' in opts)) throw new Error('A procedure is called through a caller or an adapter');
    const { ctx, type, path, input, getRawInput, signal, batchIndex } = opts;
    const result = await run(
      0,
      new MiddlewareCall(ctx, type, path, input, getRawInput, meta, signal, batchIndex, run, 0),
    );
    if (!result) {
      throw new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'No result from middlewares - did you forget to `return next()`?',
      });
    }
    if (!result.ok) throw result.error;
    return result.data;
  };
  directProcedures.add(direct);
  return Object.assign(direct, { _def: procedure._def, procedure: true, meta }) as unknown as AnyProcedure;
}

const writeLimits = new WeakMap<AppServices, WriteLimits>();
/** One set of write limits per app (a test process may run several). */
function writeLimitsOf(services: AppServices): WriteLimits {
  let limits = writeLimits.get(services);
  if (!limits) writeLimits.set(services, (limits = new WriteLimits(services.config)));
  return limits;
}

/** The context of procedures that use the ORM (publicProcedure, authedProcedure). */
export type OrmContext = Context & { em: EntityManager };

/**
 * An entity manager of the procedure's own (a fork of the ORM's): the handle its `*.queries.ts`
 * functions run on; procedures call no method of it themselves (README, "Database access").
 */
const withEntityManager = <Ctx extends Context>(ctx: Ctx) => ({ em: ctx.services.orm.em.fork() });

/**
 * Every procedure's errors are normalised on the way out (normalizeError), so createCaller, /trpc
 * and REST see the same: whatever the procedure, its input schema or this middleware threw.
 *
 * Each procedure has one middleware of its own before its input schema, doing all that its kind
 * needs (normalising, authenticating, the write limit, the entity manager): tRPC copies the whole
 * call (every option, then the context) at each middleware, so one does it once, not three times.
 */
const normalized = (error: unknown): TRPCError =>
  normalizeError(error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));

/** Runs a query or mutation in its request's batch gate (over /trpc); subscriptions, which last, never wait in one. */
const inBatchGate = <R>(ctx: Context, type: string, call: () => Promise<R>): Promise<R> =>
  ctx.batchGate && type !== 'subscription' ? ctx.batchGate.run(call) : call();

export const publicProcedure = t.procedure.use(({ ctx, type, next }) =>
  inBatchGate(ctx, type, async () => {
    const result = await next({ ctx: withEntityManager(ctx) });
    if (!result.ok) throw normalizeError(result.error);
    return result;
  }),
);

/**
 * A procedure with a signed-in caller (see authenticate); every write (each mutation a caller
 * makes) counts against a per-user limit, so one account cannot grow the data, and every read of
 * it, without bound. `call` runs the rest of the procedure as that caller.
 */
async function asSignedIn<R extends { ok: true } | { ok: false; error: TRPCError }>(
  { ctx, type, path, getRawInput }: { ctx: Context; type: string; path: string; getRawInput: () => Promise<unknown> },
  sessionNow: boolean,
  call: (user: SessionUser) => Promise<R>,
): Promise<R> {
  const { orm, reads } = ctx.services;
  let user: SessionUser | undefined;
  let counted: CountedWrite | undefined;
  let unauthorized = false;
  try {
    const routed = reads !== undefined && type === 'query';
    const limits = type === 'mutation' && ctx.services.config.WRITE_LIMITS ? writeLimitsOf(ctx.services) : undefined;
    // The write's count checks the session too: no statement of its own for that.
    user = await authenticate(ctx.services, ctx.token, { sessionNow: sessionNow && !limits && !routed });
    if (limits) counted = await limits.take(orm, user, path, sizeOf(await getRawInput()));
    const caller = user;
    const result = routed ? await reads.asReader(caller, () => call(caller)) : await call(user);
    if (result === 'ended') throw unauthorizedError(SESSION_ENDED);
    if (result.ok) {
      // Its user's next reads, on any node, go where this write is visible.
      if (reads && type === 'mutation') await reads.recordWrite(user.userId);
      return result;
    }
    if (
      type === 'mutation'
        ? mayBeSessionEnded(result.error)
        : result.error.code === 'BAD_REQUEST' && !user.sessionChecked
    )
      await assertSessionOpen(orm, user);
    unauthorized = result.error.code === 'UNAUTHORIZED';
    throw result.error;
  } catch (error) {
    unauthorized ||= error instanceof TRPCError && error.code === 'UNAUTHORIZED';
    throw normalized(error);
  } finally {
    // A token whose session has ended uses none of its user's writes.
    if (unauthorized && counted) await counted.giveBack().catch(() => undefined);
  }
}

/**
 * A write that failed on what it names (404, 400) or on a foreign key may have lost a race with
 * its own account's deletion or its session's end: then it answers 401, checked after the fact.
 */
const mayBeSessionEnded = ({ code, cause }: TRPCError): boolean =>
  code === 'NOT_FOUND' ||
  code === 'BAD_REQUEST' ||
  (code === 'INTERNAL_SERVER_ERROR' && (cause as { code?: unknown } | undefined)?.code === '23503');

/** The bytes of a write's input, as JSON: what it can add to its author's data. */
const sizeOf = (input: unknown): number => (input === undefined ? 0 : Buffer.byteLength(JSON.stringify(input)));

/**
 * A caller with a valid token, whose session the procedure's own statements check (they read
 * `from OPEN_SESSION`, see sql.ts): one round trip per request, and no ORM work. Input refused
 * before any statement ran still answers 401 first when the session has ended, as on every route.
 */
export const sessionProcedure = t.procedure.use((opts) =>
  inBatchGate(opts.ctx, opts.type, () => asSignedIn(opts, false, (user) => opts.next({ ctx: { user } }))),
);

/** A caller with a valid token and an open session, checked (one statement) before the procedure runs. */
export const authedProcedure = t.procedure.use((opts) =>
  inBatchGate(opts.ctx, opts.type, () =>
    asSignedIn(opts, true, (user) => opts.next({ ctx: { user, em: opts.ctx.services.orm.em.fork() } })),
  ),
);

/**
 * `.output(schema)` types a procedure and documents its answer; tRPC also re-validates (copies)
 * that answer on every call. For answers a statement builds whole in PostgreSQL, whose shape is
 * fixed by the SQL and checked against the document by the contract tests, that copy costs more
 * than the statement (hundreds of µs for a profile) and would turn JsonText back into a value:
 * this drops the run-time check and keeps the schema for types and the OpenAPI document.
 */
export function withOutputBuiltBySql<P extends AnyProcedure>(procedure: P): P {
  // tRPC marks the middleware `.output()` adds with `_type: 'output'`; the rest stay in order.
  const def = procedure._def as unknown as { middlewares: { _type?: string }[] };
  // router() fixes a procedure's middlewares in its chain: filtered after, nothing would change.
  if (chained.has(def)) throw new Error('withOutputBuiltBySql must wrap a procedure before router() takes it');
  def.middlewares = def.middlewares.filter((middleware) => middleware._type !== 'output');
  return procedure;
}
