import type { RequestHandler } from 'express';
import { TRPCError } from '@trpc/server';
import { EVENT_STREAM_PATHS } from '../live/event-stream.js';
import type { Config } from '../platform/config.js';
import { RateLimited } from '../platform/errors.js';
import { countRateLimited } from '../platform/metrics.js';
import { bearerToken, clientAddressOf } from '../trpc/trpc.js';
import { procedureDefOf, proceduresOf } from '../trpc/internals.js';
import { appRouter } from './router.js';
import { answerEarly, trpcPaths, verifiedUserId } from './early-answer.js';

export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;
export const IN_FLIGHT_PER_USER = 'Too many requests of this user in progress at once (see Retry-After)';
export const IN_FLIGHT_PER_ADDRESS = 'Too many requests from this address in progress at once (see Retry-After)';

/** Requests in progress by key (a user's, an address's), within a cap per kind of key. */
export class InFlight {
  private readonly counts = new Map<string, number>();

  /**
   * Takes `n` places under each key, or none: false when one is at its cap. A request larger than
   * a cap (a /trpc batch of more calls) is let in alone, when its key has nothing in progress.
   */
  take(keys: readonly (readonly [key: string, cap: number])[], n: number): string | undefined {
    for (const [key, cap] of keys) {
      const open = this.counts.get(key) ?? 0;
      if (open > 0 && open + n > cap) return key;
    }
    for (const [key] of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + n);
    return undefined;
  }

  release(keys: readonly (readonly [key: string, cap: number])[], n: number): void {
    for (const [key] of keys) {
      const open = this.counts.get(key)! - n;
      if (open > 0) this.counts.set(key, open);
      else this.counts.delete(key);
    }
  }
}

/** /trpc procedures that are subscriptions: they last, and have the live streams' own limits. */
const SUBSCRIPTIONS = new Set(
  Object.entries(proceduresOf(appRouter))
    .filter(([, procedure]) => procedureDefOf(procedure).type === 'subscription')
    .map(([path]) => path),
);
const EVENT_STREAMS = new Set(Object.keys(EVENT_STREAM_PATHS));

/**
 * The cap on requests in progress at once, per process: MAX_IN_FLIGHT_PER_USER per signed-in user
 * (the token's user, its signature verified without the database; a token that does not verify is
 * no user) and MAX_IN_FLIGHT_PER_ADDRESS per client address (TRUST_PROXY as the other per-address
 * limits). One account's flood of slow requests would otherwise queue everyone's behind it for the
 * pool. Over a cap: 429 with Retry-After at once, before any body is read or statement run. A /trpc
 * batch counts its calls; live streams (SSE, live.* subscriptions) do not count for their lifetime.
 */
export function inFlightLimit(config: Config): RequestHandler {
  const inFlight = new InFlight();
  const viaProxy = config.TRUST_PROXY !== 'false';
  return (req, res, next) => {
    const paths = trpcPaths(req);
    if (paths ? paths.some((path) => SUBSCRIPTIONS.has(path)) : EVENT_STREAMS.has(req.path.replace(/(.)\/$/, '$1')))
      return next();
    const n = paths && req.query.batch === '1' ? paths.length : 1;
    const keys: [string, number][] = [[`a:${clientAddressOf(req, viaProxy)}`, config.MAX_IN_FLIGHT_PER_ADDRESS]];
    const userId = verifiedUserId(bearerToken(req.headers.authorization), config.JWT_SECRET);
    if (userId !== undefined) keys.unshift([`u:${userId}`, config.MAX_IN_FLIGHT_PER_USER]);
    const refused = inFlight.take(keys, n);
    if (refused) {
      const byUser = refused.startsWith('u:');
      countRateLimited(byUser ? 'in-flight-user' : 'in-flight-address');
      const error = new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: byUser ? IN_FLIGHT_PER_USER : IN_FLIGHT_PER_ADDRESS,
        cause: new RateLimited(IN_FLIGHT_RETRY_AFTER_SECONDS),
      });
      return answerEarly(res, error, paths, req.query.batch === '1');
    }
    res.once('close', () => inFlight.release(keys, n));
    next();
  };
}
