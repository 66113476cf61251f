import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { reserve } from '../../../src/auth/rate-limits.js';
import { WriteLimits } from '../../../src/auth/write-limits.js';
import { retryAfterOf } from '../../../src/platform/errors.js';
import { useHarness } from '../../support/harness.js';

/** A 5-minute window, as WRITE_LIMIT_TICKETS's; its boundaries are aligned on the epoch. */
const WINDOW_MS = 5 * 60_000;
const boundary = Math.ceil(Date.now() / WINDOW_MS) * WINDOW_MS + 10 * WINDOW_MS;

const h = useHarness({ WRITE_LIMIT_TICKETS: '60/5m' });

/** How many of `n` attempts at `now` pass, and the Retry-After of the first refused one. */
async function attempts(n: number, attempt: () => Promise<unknown>) {
  let passed = 0;
  let retryAfter: number | undefined;
  for (let i = 0; i < n; i++) {
    try {
      await attempt();
      passed++;
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code !== 'TOO_MANY_REQUESTS') throw error;
      retryAfter ??= retryAfterOf(error);
    }
  }
  return { passed, retryAfter };
}

describe('windows slide: a burst straddling a window boundary is still limited', () => {
  it('rate limits (login, signup): 60 just before a boundary, 3 more 15 s after it', async () => {
    const limit = { key: `sliding-test:${boundary}`, kind: 'signup-address' as const, max: 60, windowSeconds: 300 };
    const before = await attempts(70, () => reserve(h.orm, [limit], boundary - 1_000));
    expect(before.passed).toBe(60);
    const after = await attempts(70, () => reserve(h.orm, [limit], boundary + 15_000));
    // The earlier window still weighs 95 %: 57 of its 60 count, so 3 fit.
    expect(after.passed).toBe(3);
    // The next one fits once the earlier window weighs 56 or less: at 20 s, 5 s from now.
    expect(after.retryAfter).toBe(5);
  });

  it('write limits (tickets, 60/5m): the same, counted in one statement with the session', async () => {
    const user = await h.user();
    const [{ jti }] = await h.orm.em
      .fork()
      .execute<[{ jti: string }]>('select jti from sessions where user_id = ? limit 1', [user.id]);
    const limits = new WriteLimits(h.services.config);
    const take = (now: number) => () =>
      limits.take(h.orm, { jti, userId: user.id, sessionChecked: false }, 'live.ticket', 0, now);
    expect((await attempts(70, take(boundary - 1_000))).passed).toBe(60);
    expect((await attempts(70, take(boundary + 15_000))).passed).toBe(3);
    // Half a window on, half the earlier burst still weighs: 30 - 3 more.
    expect((await attempts(70, take(boundary + WINDOW_MS / 2))).passed).toBe(27);
  });
});
