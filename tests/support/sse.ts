/** One server-sent event as the stream carried it. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/**
 * A text/event-stream reader over fetch, for the tests: events and comments as they arrive, and
 * waits with generous deadlines (the machine may be loaded), never fixed sleeps.
 */
export class SseReader {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  /** Settles when the server ends the stream (or the reader is closed). */
  readonly ended: Promise<void>;
  /** Whether the stream has ended. */
  done = false;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    body: ReadableStream<Uint8Array> | null,
  ) {
    this.ended = body ? this.read(body) : Promise.resolve();
  }

  /** Opens the stream; a non-200 answer is returned with its body text, unread as events. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader & { text?: string }> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    if (response.status !== 200) {
      const reader = new SseReader(response.status, response.headers, null);
      return Object.assign(reader, { text: await response.text() });
    }
    const reader = new SseReader(response.status, response.headers, response.body);
    reader.abort.signal.addEventListener('abort', () => abort.abort());
    return reader;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of body) {
        pending += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          this.parse(pending.slice(0, end));
          pending = pending.slice(end + 2);
        }
      }
    } catch {
      // aborted by close(), or the connection dropped: the stream has ended either way
    } finally {
      this.done = true;
      this.notify();
    }
  }

  private parse(block: string): void {
    const event: SseEvent = { data: '' };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('id: ')) event.id = line.slice(4);
      else if (line.startsWith('event: ')) event.event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length === 0) return this.notify();
    event.data = data.join('\n');
    this.events.push(event);
    this.notify();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  /** Waits until `condition` holds (checked whenever something arrives); throws after `timeoutMs`. */
  async until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${this.events.length} events`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for at least `count` events. */
  untilEvents(count: number, timeoutMs?: number): Promise<void> {
    return this.until(() => this.events.length >= count, `${count} events`, timeoutMs);
  }

  /** The data of every event so far, parsed. */
  json<T = any>(): T[] {
    return this.events.map((event) => JSON.parse(event.data) as T);
  }

  close(): void {
    this.abort.abort();
  }
}
