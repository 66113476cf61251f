/**
 * Every use of tRPC's internals, in one place: what a router's or procedure's `_def` holds is not
 * tRPC's public API, and a minor release may change it. tests/trpc-internals.test.ts exercises each
 * one by name, so an upgrade that changes one fails there first (docs/architecture.md, "Upgrading
 * tRPC ...").
 *
 * Relied on, and why:
 * 1. `router._def.procedures` (read): the flat map, by dotted path, of every procedure; REST, the
 *    OpenAPI document, the request metrics and the client types list the procedures from it.
 * 2. `procedure._def.middlewares` (read and written), `_def.meta`, `_def.type`, and the type
 *    `_def.$types.input`: a procedure's chain (its kind's middleware, input parser, output parser,
 *    resolver, in order; the output parser marked `_type: 'output'`), its meta, its kind, and its
 *    input type as its schema gives it (tRPC's public inferProcedureInput adds `void`).
 *
 * What tRPC exports publicly (TRPCError, getTRPCErrorFromUnknown, getHTTPStatusCodeFromError, the
 * error shape's types) is imported from `@trpc/server` where it is used, not through here.
 */
import type { AnyProcedure, AnyRouter } from '@trpc/server';

/** A procedure's definition as far as this service reads it. */
export interface ProcedureDef<M = unknown> {
  meta?: M;
  type: string;
}

/** The router's procedures by dotted path (internal 1). */
export const proceduresOf = (router: AnyRouter): Record<string, AnyProcedure> =>
  router._def.procedures as Record<string, AnyProcedure>;

/** The input type a procedure's schema gives, as tRPC's `$types` holds it (internal 2, a type). */
export type ProcedureInput<P> = P extends { _def: { $types: { input: infer I } } } ? I : never;

/** A procedure's meta and kind (internal 2). */
export const procedureDefOf = <M>(procedure: unknown): ProcedureDef<M> => (procedure as { _def: ProcedureDef<M> })._def;

/**
 * `.output(schema)` types a procedure and documents its answer; tRPC also re-validates (copies)
 * that answer on every call. For answers a statement builds whole in PostgreSQL, whose shape is
 * fixed by the SQL and checked against the document by the contract tests, that copy can cost more
 * than the statement, and it would reject a JsonText (the answer as text, json-text.ts): this drops
 * the run-time check and keeps the schema for types and the OpenAPI document (internal 2).
 */
export function withOutputBuiltBySql<P extends AnyProcedure>(procedure: P): P {
  // tRPC marks the middleware `.output()` adds with `_type: 'output'`; the rest stay in order.
  const def = procedure._def as unknown as { middlewares: { _type?: string }[] };
  def.middlewares = def.middlewares.filter((middleware) => middleware._type !== 'output');
  return procedure;
}
