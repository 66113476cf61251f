import type { RateLimitKind } from '../platform/metrics.js';
import { tooMany } from '../platform/errors.js';
import type { Database } from '../db/sql.js';
import { updateCountersReleased, upsertCounters } from './auth.queries.js';

export interface Limit {
  /** What is counted, e.g. `login-email:ada@example.com`. */
  key: string;
  /** Which limit it is, for the metrics (never the key: it holds an email or an address). */
  kind: RateLimitKind;
  max: number;
  windowSeconds: number;
}

const windowOf = (limit: Limit, now: number) => {
  const size = limit.windowSeconds * 1000;
  const start = Math.floor(now / size) * size;
  return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + size - now) / 1000)) };
};

export interface Reservation {
  /** Gives the attempt back to these limits (all by default): it did not count, e.g. a good login. */
  release(keys?: string[]): Promise<void>;
}

/**
 * Reserves one attempt against every limit before the expensive work, in one statement that both
 * counts and decides: a window's count goes up only while it is under its limit, and the rows
 * that went up are returned. If any limit was full, the others are given back and the call is
 * refused with 429. However many attempts run at once, and however they are batched, at most
 * `max` get through per window; the caller keeps or releases the reservation by outcome.
 */
export async function reserve(db: Database, limits: Limit[], now = Date.now()): Promise<Reservation> {
  // One lock order for every caller, so concurrent reservations of the same keys cannot deadlock.
  const windows = [...limits]
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((limit) => ({ limit, ...windowOf(limit, now) }));
  const release = async (keys = windows.map((w) => w.limit.key)) => {
    const released = windows.filter((w) => keys.includes(w.limit.key));
    if (released.length === 0) return;
    await updateCountersReleased(
      db,
      released.map((w) => ({ key: w.limit.key, start: w.start })),
    );
  };
  if (windows.length === 0) return { release };
  const counted = await upsertCounters(
    db,
    windows.map((w) => ({ key: w.limit.key, start: w.start, max: w.limit.max })),
  );
  const full = windows.filter((w) => !counted.includes(w.limit.key));
  if (full.length > 0) {
    await release(counted);
    throw tooMany(Math.max(...full.map((w) => w.retryAfter)), full[0]!.limit.kind);
  }
  return { release };
}
