import type { Config } from '../config.js';
import { tooMany } from './rate-limits.js';

/**
 * The per-user write limit, in fixed windows: a number of writes (a flood guard: likes, follows
 * and their notifications add rows however small the request) and a number of bytes of input
 * (what makes one account's data, and every read of it, large: 20 KB posts, not 60-byte ones).
 * Counted in this process rather than in PostgreSQL (as the brute-force limits are) because it is
 * taken on every write: a shared counter row per user cost each write a round trip and serialised
 * a user's concurrent writes on that row's lock. With N processes a user may write N times the limit.
 */
export class WriteLimiter {
  private readonly windows = new Map<number, { start: number; count: number; bytes: number }>();
  /** The window whose start last forgot the ones before it: once per window, not once per new user. */
  private forgotFor = 0;

  constructor(
    private readonly maxWrites: number,
    private readonly maxBytes: number,
    private readonly windowMs: number,
  ) {}

  static fromConfig(config: Config): WriteLimiter {
    return new WriteLimiter(config.WRITES_PER_USER, config.WRITE_BYTES_PER_USER, config.WRITE_WINDOW_SECONDS * 1000);
  }

  /**
   * Counts one write of `bytes` bytes of input, or throws 429 with the seconds until the window
   * ends. Returns the start of the window that counted it (for giveBack).
   */
  take(userId: number, bytes: number, now = Date.now()): number {
    const start = Math.floor(now / this.windowMs) * this.windowMs;
    let window = this.windows.get(userId);
    if (!window || window.start !== start) {
      // More users than that in one window keep their entries: scanning again for each would find
      // nothing to forget, at a cost that grows with every user.
      if (this.windows.size >= 100_000 && this.forgotFor !== start) {
        this.forgotFor = start;
        this.forgetBefore(start);
      }
      window = { start, count: 0, bytes: 0 };
      this.windows.set(userId, window);
    }
    if (window.count >= this.maxWrites || window.bytes + bytes > this.maxBytes)
      throw tooMany(Math.max(1, Math.ceil((start + this.windowMs - now) / 1000)), 'writes');
    window.count++;
    window.bytes += bytes;
    return start;
  }

  /** Gives a write back (it did not happen: its session had ended) to the window that counted it, if still current. */
  giveBack(userId: number, bytes: number, windowStart: number): void {
    const window = this.windows.get(userId);
    if (!window || window.start !== windowStart || window.count === 0) return;
    window.count--;
    window.bytes = Math.max(0, window.bytes - bytes);
  }

  private forgetBefore(start: number): void {
    for (const [userId, window] of this.windows) if (window.start < start) this.windows.delete(userId);
  }
}
