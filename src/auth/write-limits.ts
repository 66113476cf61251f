import type { Config } from '../config.js';
import { tooMany } from './rate-limits.js';

/**
 * The per-user write limit: writes per user in fixed windows, counted in this process. Kept in
 * memory rather than in PostgreSQL (as the brute-force limits are) because it is taken on every
 * write: a shared counter row per user cost each write a round trip and serialised a user's
 * concurrent writes on that row's lock. With N processes a user may write N times the limit.
 */
export class WriteLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  static fromConfig(config: Config): WriteLimiter {
    return new WriteLimiter(config.WRITES_PER_USER, config.WRITE_WINDOW_SECONDS * 1000);
  }

  /** Counts one write, or throws 429 with the seconds until the window ends. */
  take(userId: number, now = Date.now()): void {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    let window = this.windows.get(userId);
    if (!window || window.start !== start) {
      if (this.windows.size >= 100_000) this.forgetBefore(start);
      window = { start, count: 0 };
      this.windows.set(userId, window);
    }
    if (window.count >= this.max) throw tooMany(Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)));
    window.count++;
  }

  /** Gives a write back: it did not happen (its session had ended). */
  giveBack(userId: number): void {
    const window = this.windows.get(userId);
    if (window && window.count > 0) window.count--;
  }

  private forgetBefore(start: number): void {
    for (const [userId, window] of this.windows) if (window.start < start) this.windows.delete(userId);
  }
}
