/**
 * Puts messages about ids of one sequence back in id order. Ids are taken before commit, so two
 * writes in the same instant can commit, and NOTIFY, in the other order; a client that saw the
 * higher id first and resumed from it would never get the lower one. A message past a gap waits
 * (at most `waitMs`) for the ids before it; a gap that outlives the wait was a write that rolled
 * back (or one too slow to wait for), and what waited goes on.
 */
export class InIdOrder {
  private next?: number;
  private readonly held = new Map<number, string>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly release: (id: number, payload: string) => void,
    private readonly waitMs: number,
  ) {}

  add(id: number, payload: string): void {
    if (this.next === undefined || id < this.next) {
      // The first id heard, or one that arrives after its gap was given up on.
      this.next ??= id + 1;
      return this.release(id, payload);
    }
    this.held.set(id, payload);
    this.drain();
    if (this.held.size > 0) this.timer ??= setTimeout(() => this.giveUp(), this.waitMs);
  }

  /** Messages were missed (the listener reconnected): start again from whatever comes next. */
  reset(): void {
    this.giveUp();
    this.next = undefined;
  }

  private drain(): void {
    for (let payload = this.held.get(this.next!); payload !== undefined; payload = this.held.get(this.next!)) {
      this.held.delete(this.next!);
      this.release(this.next!, payload);
      this.next!++;
    }
  }

  private giveUp(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.held.size === 0) return;
    this.next = Math.min(...this.held.keys());
    this.drain();
    if (this.held.size > 0) this.timer = setTimeout(() => this.giveUp(), this.waitMs);
  }
}
