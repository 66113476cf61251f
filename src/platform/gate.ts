/**
 * Runs at most `size` functions at once; the rest wait their turn, in order. A finished function
 * hands its turn straight to the next waiter, so the count never overshoots.
 */
export class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next)
        next(); // the turn passes on: `running` stays
      else this.running--;
    }
  }
}
