import type { EntityManager } from '@mikro-orm/postgresql';
import { TRPCError } from '@trpc/server';
import { RateLimitCounter } from './rate-limit.entity.js';

export interface Limit {
  /** What is counted, e.g. `login-email:ada@example.com`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Thrown as the cause of a 429, so the HTTP layer can send Retry-After. */
export class RateLimited extends Error {
  override name = 'RateLimited';
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts; retry in ${retryAfterSeconds} seconds`);
  }
}

export function retryAfterOf(error: unknown): number | undefined {
  return error instanceof TRPCError && error.cause instanceof RateLimited ? error.cause.retryAfterSeconds : undefined;
}

const windowOf = (limit: Limit, now: number) => {
  const size = limit.windowSeconds * 1000;
  const start = Math.floor(now / size) * size;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + size - now) / 1000)) };
};

function tooMany(retryAfter: number): TRPCError {
  const cause = new RateLimited(retryAfter);
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: cause.message, cause });
}

/** Refuses with 429 when any of the limits is already used up in its current window. */
export async function assertUnderLimits(em: EntityManager, limits: Limit[], now = Date.now()): Promise<void> {
  if (limits.length === 0) return;
  const windows = limits.map((limit) => ({ limit, ...windowOf(limit, now) }));
  const rows = await em.getConnection().execute<{ key: string; hits: number }[]>(
    `select key, hits from rate_limit_counters where ${windows.map(() => '(key = ? and window_start = ?)').join(' or ')}`,
    windows.flatMap((w) => [w.limit.key, w.start]),
  );
  for (const w of windows) {
    const hits = rows.find((row) => row.key === w.limit.key)?.hits ?? 0;
    if (hits >= w.limit.max) throw tooMany(w.retryAfter);
  }
}

/** Counts one hit against each limit (one upsert statement, atomic under concurrency). */
export async function countHits(em: EntityManager, limits: Limit[], now = Date.now()): Promise<void> {
  if (limits.length === 0) return;
  const windows = limits.map((limit) => ({ limit, ...windowOf(limit, now) }));
  await em.getConnection().execute(
    `insert into rate_limit_counters (key, window_start, hits) values ${windows.map(() => '(?, ?, 1)').join(', ')}
     on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1`,
    windows.flatMap((w) => [w.limit.key, w.start]),
  );
}

/** Forgets the counts of these keys (a successful login clears its email's failures). */
export async function clearHits(em: EntityManager, keys: string[]): Promise<void> {
  if (keys.length) await em.nativeDelete(RateLimitCounter, { key: { $in: keys } });
}

/** Deletes windows that ended long ago. */
export function purgeOldCounters(em: EntityManager, olderThan: Date): Promise<number> {
  return em.nativeDelete(RateLimitCounter, { windowStart: { $lt: olderThan } });
}
