import type { LiveEvent, LiveKind, ReplayRange, StreamUser } from './live.queries.js';

/**
 * Why a stream ended. `client`: it went away. `session`: its session ended (logout, password
 * change, account deleted, expiry). `behind`: its client did not keep up, or the events it was
 * owed could not be read; `shutdown`: the process is stopping. After the last two a client
 * resumes by id.
 */
export type EndReason = 'client' | 'session' | 'behind' | 'shutdown';

/** Where a stream reads what it owes its client from: a resume, or a catch-up after a loss. */
export interface ReplaySource {
  /** The last id taken, once every write in progress has ended: a replay reads up to it. */
  settledLastId(): Promise<number>;
  read(range: ReplayRange): Promise<LiveEvent[]>;
}

const REPLAY_BATCH = 100;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One client's stream. The hub pushes live events into a bounded queue and never waits for the
 * client; the transport pulls them with `events()` at the pace the socket takes them. A replay
 * (a resume, or a catch-up after the listener's connection was lost) is read from the database
 * in batches, between live events, holding a pool connection only while a batch is read. Ids go
 * out in increasing order: an event at or below the cursor has been delivered or passed.
 */
export class LiveStream {
  private readonly queue: LiveEvent[] = [];
  private wake?: () => void;
  private replayPending: boolean;
  /** The last id delivered or passed: later events at or below it are not sent. */
  private cursor: number;
  private expiry?: NodeJS.Timeout;
  ended?: EndReason;
  private resolveFinished!: () => void;
  /** Settles when the stream ends. */
  readonly finished = new Promise<void>((resolve) => (this.resolveFinished = resolve));

  constructor(
    readonly user: StreamUser,
    readonly kind: LiveKind,
    /** The last id the client has (a resume); a new stream is given its start by `startAfter`. */
    resumeAfter: number | undefined,
    private readonly replay: ReplaySource,
    private readonly bufferMax: number,
    private readonly onEnd: (stream: LiveStream) => void,
  ) {
    this.cursor = resumeAfter ?? 0;
    this.replayPending = resumeAfter !== undefined;
    this.endAtExpiry();
  }

  /** A new stream's start, set before its events are read: events pushed meanwhile at or below it are passed. */
  startAfter(lastIdTaken: number): void {
    this.cursor = lastIdTaken;
  }

  /** Ends the stream when its session expires (timers reach 24.8 days at most: re-armed past that). */
  private endAtExpiry(): void {
    const ttl = this.user.expiresAtMs - Date.now();
    this.expiry = setTimeout(
      () => (ttl > MAX_TIMER_MS ? this.endAtExpiry() : this.end('session')),
      Math.max(0, Math.min(ttl, MAX_TIMER_MS)),
    );
    this.expiry.unref();
  }

  /** A live event; a client that lets the buffer fill is cut off (it resumes by id). */
  push(event: LiveEvent): void {
    if (this.ended) return;
    if (this.queue.length >= this.bufferMax) return this.end('behind');
    this.queue.push(event);
    this.wake?.();
  }

  /** Events committed while the listener was away were not pushed: read them before the next live one. */
  catchUp(): void {
    this.replayPending = true;
    this.wake?.();
  }

  end(reason: EndReason): void {
    if (this.ended) return;
    this.ended = reason;
    clearTimeout(this.expiry);
    this.queue.length = 0;
    this.wake?.();
    this.resolveFinished();
    this.onEnd(this);
  }

  /** The stream's events in order, until it ends. */
  async *events(): AsyncGenerator<LiveEvent> {
    while (!this.ended) {
      if (this.replayPending) {
        this.replayPending = false;
        const throughId = await this.replay.settledLastId();
        for (let batch = REPLAY_BATCH; batch === REPLAY_BATCH && !this.ended;) {
          const events = await this.replay.read({ afterId: this.cursor, throughId, limit: REPLAY_BATCH });
          batch = events.length;
          for (const event of events) {
            if (this.ended) return;
            this.cursor = event.id;
            yield event;
          }
        }
        // Everything up to throughId that will ever commit has been read; the rest comes live.
        this.cursor = Math.max(this.cursor, throughId);
        continue;
      }
      const event = this.queue.shift();
      if (event) {
        if (event.id <= this.cursor) continue;
        this.cursor = event.id;
        yield event;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    }
  }
}
