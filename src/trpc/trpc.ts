import type { ServerResponse } from 'node:http';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { initTRPC, TRPCError } from '@trpc/server';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Config } from '../platform/config.js';
import { Gate } from '../platform/gate.js';
import { formatError, normalizeError } from './error-handling.js';
import { withDirectMiddlewareChain } from './internals.js';
import type { Logger } from '../platform/logger.js';
import type { ReadReplicas } from '../db/read-replicas.js';
import type { ListStream } from './list-stream.js';

/**
 * What the whole app shares, built once at start-up. Domains add what they own (src/live/live-hub.ts
 * adds `live`) by declaration merging, so this layer imports none of them.
 */
export interface AppServices {
  orm: MikroORM;
  config: Config;
  logger: Logger;
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
 * Calls of one /trpc batch that run at once. tRPC starts every call of a batch together, so a
 * batch of 20 would take 20 pool connections ahead of everyone else's requests; a few at a time,
 * a batch costs the pool what a few requests do.
 */
const BATCH_CALLS_AT_ONCE = 2;

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The client's address, for per-address limits: Express's req.ip behind a trusted proxy (TRUST_PROXY).
 * Without one, req.ip is the socket's address, worked out (X-Forwarded-For parsed, then discarded)
 * on every read: taken from the socket directly, it costs nothing.
 */
export const clientAddressOf = (req: { ip?: string; socket?: { remoteAddress?: string } }, viaProxy: boolean) =>
  (viaProxy ? req.ip : undefined) ?? req.socket?.remoteAddress ?? 'unknown';

export function createContextFactory(services: AppServices, { jsonAsText = false } = {}) {
  const viaProxy = services.config.TRUST_PROXY !== 'false';
  return ({ req, res }: Pick<CreateExpressContextOptions, 'req'> & { res?: ServerResponse }): Context => ({
    services,
    token: bearerToken(req.headers.authorization),
    clientAddress: clientAddressOf(req, viaProxy),
    jsonAsText,
    whenAnswered: res && ((release) => (res.closed ? release() : res.once('close', release))),
    closeUnlessAnswerEnds: res && (() => closeUnlessEnds(res, services.config.STREAM_STALL_TIMEOUT_MS)),
    batchGate: jsonAsText ? undefined : new Gate(BATCH_CALLS_AT_ONCE),
  });
}

/**
 * An answer the server ended (a subscription that fell behind, or whose session ended) closes its
 * connection too, once its last bytes are handed over; a client that has not read them within
 * `timeoutMs` is cut. It watches the socket: Node 26 closes a response once it is handed over, while
 * its bytes still wait in the socket for a client that does not read.
 */
function closeUnlessEnds(res: ServerResponse, timeoutMs: number): void {
  const socket = res.socket;
  if (!socket || socket.destroyed) return;
  if (res.writableNeedDrain || socket.writableNeedDrain) return void socket.destroy();
  if (res.writableFinished) socket.end();
  else res.once('finish', () => socket.end());
  const timer = setTimeout(() => socket.destroy(), timeoutMs).unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * OpenAPI metadata plus what the REST facade and its document need: the success status (200 when
 * unset) and the error statuses the procedure itself answers, with what each means. 401 (when
 * protected), 413 and 415 (when it takes a body) and 503 are added to the document for all.
 */
export interface AppMeta extends OpenApiMeta {
  successStatus?: 201 | 204;
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 422 | 429, string>>;
  /** A DELETE whose input is a JSON body (DELETE /users/me: a password must not go in a URL); rest.ts reads it. */
  deleteTakesBody?: true;
  /** A list (defineList, lists.ts): REST streams it when no page is asked for (json-stream.ts). */
  list?: ListStream;
  /**
   * Takes an upload (rest.ts): a raw body of one of `types`, or multipart/form-data, handed to the
   * procedure as a stream or FormData, as /trpc does; the answer is 202 while its `state` is processing.
   */
  rawBody?: { types: readonly string[] };
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
/** The bare procedure builder: publicProcedure below, and the signed-in ones of src/auth/procedures.ts. */
export const procedure = t.procedure;

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
export const normalized = (error: unknown): TRPCError =>
  normalizeError(error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));

/** Runs a query or mutation in its request's batch gate (over /trpc); subscriptions, which last, never wait in one. */
export const inBatchGate = <R>(ctx: Context, type: string, call: () => Promise<R>): Promise<R> =>
  ctx.batchGate && type !== 'subscription' ? ctx.batchGate.run(call) : call();

export const publicProcedure = t.procedure.use(({ ctx, type, next }) =>
  inBatchGate(ctx, type, async () => {
    const result = await next({ ctx: withEntityManager(ctx) });
    if (!result.ok) throw normalizeError(result.error);
    return result;
  }),
);
