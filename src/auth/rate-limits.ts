import { isIPv6 } from 'node:net';
import type { RateLimitKind } from '../platform/metrics.js';
import { tooMany } from '../platform/errors.js';
import type { Database } from '../db/sql.js';
import { updateCountersReleased, upsertCounters, type CounterState, type CounterWindow } from './auth.queries.js';

export interface Limit {
  /** What is counted, e.g. `login-email:ada@example.com`. */
  key: string;
  /** Which limit it is, for the metrics (never the key: it holds an email or an address). */
  kind: RateLimitKind;
  max: number;
  windowSeconds: number;
}

/**
 * One limit's sliding window at `now`, as a two-window weighted counter: the count of the current
 * epoch-aligned window plus the previous window's count weighted by how much of it still lies
 * within the last `windowSeconds`. A burst at the end of one window still weighs almost fully
 * just after the boundary, so no boundary doubles a limit; every node computes the same windows.
 */
export interface SlidingWindow extends CounterWindow {
  windowMs: number;
  now: number;
}

export function slidingWindow(
  key: string,
  add: number,
  max: number,
  windowSeconds: number,
  now: number,
): SlidingWindow {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    key,
    start: new Date(start),
    previousStart: new Date(start - windowMs),
    weight: 1 - (now - start) / windowMs,
    add,
    max,
    windowMs,
    now,
  };
}

/** Seconds until `w.add` more fits, given the counts the refusal saw (at least 1). */
export function retryAfterSeconds(w: SlidingWindow, { previous, current }: CounterState): number {
  const elapsed = w.now - w.start.getTime();
  let waitMs: number;
  if (w.add > w.max) waitMs = 2 * w.windowMs - elapsed;
  else if (current + w.add <= w.max)
    // The previous window's weight must fall to what is left: previous·(1 − t/W) ≤ max − add − current.
    waitMs = previous === 0 ? 0 : w.windowMs * (1 - (w.max - w.add - current) / previous) - elapsed;
  // Not before the next window, where this window's count becomes the weighted one.
  else waitMs = w.windowMs - elapsed + w.windowMs * (1 - (w.max - w.add) / current);
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export interface Reservation {
  /** Gives the attempt back to these limits (all by default): it did not count, e.g. a good login. */
  release(keys?: string[]): Promise<void>;
}

/**
 * Reserves one attempt against every limit before the expensive work, in one statement that both
 * counts and decides: a window's count goes up only while its sliding count stays within its limit,
 * and the rows that went up are returned. If any limit was full, the others are given back and the
 * call is refused with 429. However many attempts run at once, and however they are batched, at
 * most `max` get through per window; the caller keeps or releases the reservation by outcome.
 */
export async function reserve(db: Database, limits: Limit[], now = Date.now()): Promise<Reservation> {
  // One lock order for every caller, so concurrent reservations of the same keys cannot deadlock.
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : 1));
  const windows = sorted.map((limit) => slidingWindow(limit.key, 1, limit.max, limit.windowSeconds, now));
  const release = async (keys = windows.map((w) => w.key)) => {
    const released = windows.filter((w) => keys.includes(w.key));
    if (released.length === 0) return;
    await updateCountersReleased(db, released);
  };
  if (windows.length === 0) return { release };
  const states = await upsertCounters(db, windows);
  const full = windows.filter((w) => !states.get(w.key)!.counted);
  if (full.length > 0) {
    await release(windows.filter((w) => states.get(w.key)!.counted).map((w) => w.key));
    const retryAfter = Math.max(...full.map((w) => retryAfterSeconds(w, states.get(w.key)!)));
    throw tooMany(retryAfter, sorted[windows.indexOf(full[0]!)]!.kind);
  }
  return { release };
}

/**
 * The network an address belongs to, for limits per network: its /24 for IPv4 (an IPv4-mapped IPv6
 * address too), its /64 for IPv6, the usual size of one customer's allocation. Anything else as is.
 */
export function networkOf(address: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.0/24`;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
