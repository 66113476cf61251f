import { AsyncLocalStorage } from 'node:async_hooks';
import type { KnexClient } from './db.js';

/**
 * Where a read request's statements go: the replica pool read-replicas.ts picked for it, set for
 * the request's async context; unset (the primary) outside a routed read request.
 */
const readPool = new AsyncLocalStorage<KnexClient>();

/** The replica pool the current request's reads go to, or undefined for the primary. */
export const routedReadPool = (): KnexClient | undefined => readPool.getStore();

/** Runs `fn` with its statements on `pool`. */
export const readingFrom = <T>(pool: KnexClient, fn: () => T): T => readPool.run(pool, fn);

/** Runs `fn` with every statement on the primary, even inside a routed read request. */
export const onPrimary = <T>(fn: () => T): T => readPool.exit(fn);

/**
 * What may run on a replica: a statement that neither writes nor locks. Read from the text that
 * runs, not declared beside it: docs/decisions/read-only-by-text.md says why.
 */
const WRITES = /\b(insert|update|delete|merge|nextval|setval|lock|pg_advisory\w*|set_config)\b/i;
const readOnlyByName = new Map<string, boolean>();

export function isReadOnly({ name, text }: { name?: string; text: string }): boolean {
  if (name === undefined) return !WRITES.test(text);
  let readOnly = readOnlyByName.get(name);
  if (readOnly === undefined) readOnlyByName.set(name, (readOnly = !WRITES.test(text)));
  return readOnly;
}
