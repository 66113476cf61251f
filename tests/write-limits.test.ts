import { describe, expect, it, vi } from 'vitest';
import { WriteLimiter } from '../src/auth/write-limits.js';

const MINUTE = 60_000;
const windowStart = Math.floor(Date.now() / MINUTE) * MINUTE;

describe('WriteLimiter', () => {
  it('looks for old windows to forget once per window, however many users write in it', () => {
    const limiter = new WriteLimiter(10, 1_000, MINUTE);
    const forget = vi.spyOn(limiter as unknown as { forgetBefore(start: number): void }, 'forgetBefore');
    // Past 100,000 users in one window every new user's first write scanned the whole map for old
    // windows, and found none: 120,000 users took about 30 s of CPU, quadratic in the excess.
    for (let user = 0; user < 120_000; user++) limiter.take(user, 1, windowStart + 1);
    expect(forget).toHaveBeenCalledTimes(1);
    // The next window forgets the last one's users.
    limiter.take(0, 1, windowStart + MINUTE + 1);
    expect(forget).toHaveBeenCalledTimes(2);
    expect((limiter as unknown as { windows: Map<number, unknown> }).windows.size).toBe(1);
  });

  it('gives a write back only to the window that counted it', () => {
    const limiter = new WriteLimiter(10, 100, MINUTE);
    const taken = limiter.take(1, 100, windowStart + MINUTE - 1); // the last moment of a window
    limiter.take(1, 100, windowStart + MINUTE); // the next window, full
    // The first write's session had ended: it is given back once the next window has begun.
    limiter.giveBack(1, 100, taken);
    expect(() => limiter.take(1, 1, windowStart + MINUTE + 1)).toThrow(/Too many/);
  });
});
