import { readFileSync } from 'node:fs';
import type { Config } from './config.js';

/**
 * Descriptors kept for what is not a live stream, besides the pools: other requests, the LISTEN
 * connection, the metrics listener, log and module files, and Node's own.
 */
export const OTHER_DESCRIPTORS = 128;

/** The soft RLIMIT_NOFILE of this process (`ulimit -n`); undefined where /proc does not say, Infinity when unlimited. */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | undefined {
  let text: string;
  try {
    text = readFileSync(limitsFile, 'utf8');
  } catch {
    return undefined;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  if (soft === 'unlimited') return Infinity;
  return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/**
 * LIVE_STREAMS_MAX held under the descriptor limit, each stream being a socket: past the limit
 * the kernel refuses connections before the documented 429 can be answered. Kept free: a
 * connection per pool slot (the primary's and each replica's), one per large-answer stream, and
 * OTHER_DESCRIPTORS. At least 1.
 */
export function liveStreamsCap(
  config: Pick<Config, 'LIVE_STREAMS_MAX' | 'DB_POOL_MAX' | 'DATABASE_REPLICA_URLS' | 'STREAMS_MAX'>,
  limit: number | undefined,
): number {
  if (limit === undefined || limit === Infinity) return config.LIVE_STREAMS_MAX;
  const kept = config.DB_POOL_MAX * (1 + config.DATABASE_REPLICA_URLS.length) + config.STREAMS_MAX + OTHER_DESCRIPTORS;
  return Math.max(1, Math.min(config.LIVE_STREAMS_MAX, limit - kept));
}
