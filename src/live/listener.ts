import pg from 'pg';
import { rowGuard } from '../db/row-guard.js';
import type { Logger } from '../platform/logger.js';
import { deleteListener, insertListener } from './live.queries.js';

/** The channel the NOTIFY triggers (migration 20261122011655) send on. */
export const LIVE_CHANNEL = 'feedline_live';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;
const PROBE_TIMEOUT_MS = 5_000;

export interface ListenerEvents {
  /** A NOTIFY payload, in commit order. */
  message(payload: string): void;
  /**
   * LISTEN is in place, on the first connection or (`again`) after a loss, when whatever committed
   * meanwhile was not heard. The connection counts as listening once this resolves; a rejection
   * fails the attempt.
   */
  listening(again: boolean): Promise<void>;
}

/**
 * One LISTEN connection per process: a client of its own, outside the pool (a pooled connection
 * would be handed to other work, and a transaction-mode pooler would drop the LISTEN). It
 * reconnects with backoff when lost, and probes the link every `probeMs`, so a silently dead
 * connection is noticed too.
 */
export class LiveListener {
  private client?: pg.Client;
  private connecting?: Promise<void>;
  private retryTimer?: NodeJS.Timeout;
  private probeTimer?: NodeJS.Timeout;
  private backoffMs = RECONNECT_MIN_MS;
  private heardBefore = false;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly events: ListenerEvents,
    private readonly logger: Logger,
    private readonly probeMs: number,
    private readonly maxRowBytes: number,
  ) {}

  /** Resolves once LISTEN is in place (at once when it already is); rejects when it cannot be. */
  listening(): Promise<void> {
    if (this.client) return Promise.resolve();
    return (this.connecting ??= this.connect().finally(() => (this.connecting = undefined)));
  }

  private async connect(): Promise<void> {
    if (this.stopped) throw new Error('the live listener is stopped');
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
      application_name: 'feedline-live-listener',
      stream: rowGuard(this.maxRowBytes),
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.events.message(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${LIVE_CHANNEL}`);
      // Registered before the listening hook reads where the streams start: every id taken after
      // that read is taken after the registration, so its write's trigger sees it and notifies.
      await insertListener(client);
      await this.events.listening(this.heardBefore);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      throw new Error('the live listener is stopped');
    }
    this.client = client;
    this.backoffMs = RECONNECT_MIN_MS;
    this.probeTimer = setInterval(() => {
      client.query('select 1').catch((error: unknown) => this.lost(client, error));
    }, this.probeMs).unref();
    if (this.heardBefore) this.logger.info('live listener reconnected');
    this.heardBefore = true;
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.probeTimer);
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ err: error }, 'live listener lost its connection; reconnecting');
    this.retry();
  }

  private retry(): void {
    this.retryTimer = setTimeout(() => {
      this.listening().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'live listener could not reconnect');
        this.backoffMs = Math.min(this.backoffMs * 2, RECONNECT_MAX_MS);
        this.retry();
      });
    }, this.backoffMs);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.probeTimer);
    const client = this.client;
    this.client = undefined;
    await this.connecting?.catch(() => undefined);
    if (client) {
      client.removeAllListeners('end');
      await deleteListener(client).catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
