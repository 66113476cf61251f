/**
 * Every use of tRPC's internals, in one place: what `@trpc/server/unstable-core-do-not-import`
 * exports and what a router's or procedure's `_def` holds are not tRPC's public API, and a minor
 * release may change them. tests/transport/trpc-internals.test.ts exercises each one by name, so an upgrade
 * that changes one fails there first (docs/architecture.md, "Upgrading tRPC ...").
 *
 * Relied on, and why:
 * 1. `middlewareMarker` (unstable-core): the brand tRPC puts on a middleware's failed result; the
 *    direct chain returns the same shape as tRPC's own.
 * 2. `router._def.procedures` and `router._def.record` (read and written): the flat map and the
 *    nested record where createCaller, /trpc and REST find a procedure; withDirectMiddlewareChain
 *    replaces each procedure in both, REST, the OpenAPI document and the client types list them.
 * 3. `procedure._def.middlewares` (read and written), `_def.meta`, `_def.type`, and the type
 *    `_def.$types.input`: a procedure's chain (its kind's middleware, input parser, output parser,
 *    resolver, in order; the output parser marked `_type: 'output'`), its meta, its kind, and its
 *    input type as its schema gives it (tRPC's public inferProcedureInput adds `void`).
 *
 * What tRPC exports publicly (TRPCError, getTRPCErrorFromUnknown, getHTTPStatusCodeFromError, the
 * error shape's types) is imported from `@trpc/server` where it is used, not through here.
 */
import { getTRPCErrorFromUnknown, TRPCError, type AnyProcedure, type AnyRouter } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';

export { middlewareMarker };

/** A procedure's definition as far as this service reads it. */
export interface ProcedureDef<M = unknown> {
  meta?: M;
  type: string;
}

/** The router's procedures by dotted path (internal 2). */
export const proceduresOf = (router: AnyRouter): Record<string, AnyProcedure> =>
  router._def.procedures as Record<string, AnyProcedure>;

/** The input type a procedure's schema gives, as tRPC's `$types` holds it (internal 3, a type). */
export type ProcedureInput<P> = P extends { _def: { $types: { input: infer I } } } ? I : never;

/** A procedure's meta and kind (internal 3). */
export const procedureDefOf = <M>(procedure: unknown): ProcedureDef<M> => (procedure as { _def: ProcedureDef<M> })._def;

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
 * shapes vary by level and caller, were a measurable part of a POST /posts (docs/performance.md).
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
 * large share of a whole GET /posts/{id} and of a POST /posts (docs/performance.md). Each
 * procedure of the router is replaced here (in its flat map, its record and the router's own
 * keys) by one that calls the same middlewares, in the same order, with the same options
 * (MiddlewareCall; a middleware's throw becomes a failed result, a failed result the call's
 * error), and keeps its definition. createCaller, /trpc and REST all find procedures there.
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

/**
 * `.output(schema)` types a procedure and documents its answer; tRPC also re-validates (copies)
 * that answer on every call. For answers a statement builds whole in PostgreSQL, whose shape is
 * fixed by the SQL and checked against the document by the contract tests, that copy can cost more
 * than the statement, and it would reject a JsonText (the answer as text, json-text.ts): this drops
 * the run-time check and keeps the schema for types and the OpenAPI document.
 */
export function withOutputBuiltBySql<P extends AnyProcedure>(procedure: P): P {
  // tRPC marks the middleware `.output()` adds with `_type: 'output'`; the rest stay in order.
  const def = procedure._def as unknown as { middlewares: { _type?: string }[] };
  // router() fixes a procedure's middlewares in its chain: filtered after, nothing would change.
  if (chained.has(def)) throw new Error('withOutputBuiltBySql must wrap a procedure before router() takes it');
  def.middlewares = def.middlewares.filter((middleware) => middleware._type !== 'output');
  return procedure;
}
