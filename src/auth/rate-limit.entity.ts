import { defineEntity } from '@mikro-orm/core';

/**
 * One window's count of a limit (e.g. failed logins of one email in one 15-minute window); a limit
 * slides over the current window and the one before (rate-limits.ts). Kept in PostgreSQL so that every process sees the same counts and restarts do not reset them.
 */
export const RateLimitCounterEntity = defineEntity({
  name: 'RateLimitCounter',
  tableName: 'rate_limit_counters',
  properties: (p) => ({
    key: p.string().length(300).primary(),
    windowStart: p.datetime(3).primary(),
    hits: p.integer().default(0),
  }),
  indexes: [{ name: 'rate_limit_counters_window_start_index', properties: ['windowStart'] }],
});
