/**
 * Puts the messages about one id sequence back in id order. Ids are taken before commit, so writes
 * can commit, and NOTIFY, in another order than their ids; a client that saw the higher id first
 * and resumed from it would never get the lower one. A message past a gap is held until every
 * transaction that was in progress when the gap was seen has ended (`settled`, see
 * TransactionSettler): by then each id of the gap has committed or never will. The ids of the gap
 * still unheard then (their message may trail the commit) are released without a payload, for
 * the reader to look up; a message for an id already passed is dropped.
 */
export class InIdOrder {
  /** The next id to release; undefined until the order starts. */
  private next?: number;
  private readonly held = new Map<number, string>();
  private highestHeld = 0;
  private settling = false;
  /** Bumped by every (re)start: a wait begun before it no longer decides anything. */
  private generation = 0;

  constructor(
    private readonly release: (id: number, payload?: string) => void,
    private readonly settled: () => Promise<void>,
  ) {}

  /**
   * Starts, or starts again after the listener was away, after `lastIdTaken`: the last id handed
   * out when listening began. Ids up to it are not this order's to release (the streams read them
   * from the database); every id above it will be heard.
   */
  startAfter(lastIdTaken: number): void {
    this.generation++;
    this.next = lastIdTaken + 1;
    for (const id of this.held.keys()) if (id < this.next) this.held.delete(id);
    this.drain();
  }

  add(id: number, payload: string): void {
    if (this.next !== undefined && id < this.next) return;
    this.held.set(id, payload);
    this.highestHeld = Math.max(this.highestHeld, id);
    if (this.next !== undefined) this.drain();
  }

  private drain(): void {
    for (let payload = this.held.get(this.next!); payload !== undefined; payload = this.held.get(this.next!)) {
      this.held.delete(this.next!);
      this.release(this.next!, payload);
      this.next!++;
    }
    if (this.held.size > 0) this.settleGap();
  }

  private settleGap(): void {
    if (this.settling) return;
    this.settling = true;
    const generation = this.generation;
    const through = this.highestHeld;
    // A failed wait (the database is away) releases what it held: better late than never.
    void this.settled()
      .catch(() => undefined)
      .then(() => {
        this.settling = false;
        if (this.next === undefined) return;
        if (generation === this.generation)
          for (; this.next < through; this.next++) {
            const payload = this.held.get(this.next);
            this.held.delete(this.next);
            this.release(this.next, payload);
          }
        this.drain();
      });
  }
}
