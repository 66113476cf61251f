/**
 * Keys refused until a moment each, in one process, at most `max` of them: when full, the expired
 * go first, then the longest remembered. Bounded however many keys (accounts, windows) a flood brings.
 */
export class Deadlines<K> {
  private readonly until = new Map<K, number>();

  constructor(private readonly max: number) {}

  /** Refuses `key` for `seconds` from `now`. */
  refuse(key: K, seconds: number, now = Date.now()): void {
    if (this.until.size >= this.max) {
      for (const [held, until] of this.until) if (until <= now) this.until.delete(held);
      if (this.until.size >= this.max) this.until.delete(this.until.keys().next().value!);
    }
    this.until.delete(key); // re-inserted last: the oldest go first
    this.until.set(key, now + seconds * 1000);
  }

  /** Whole seconds until `key` is let through (at least 1 while refused); 0 when it is not refused. */
  secondsLeft(key: K, now = Date.now()): number {
    const until = this.until.get(key);
    if (until === undefined) return 0;
    if (until > now) return Math.max(1, Math.ceil((until - now) / 1000));
    this.until.delete(key);
    return 0;
  }
}
