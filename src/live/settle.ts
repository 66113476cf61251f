import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../platform/logger.js';
import { listTransactionsInProgress } from './live.queries.js';

/** How often a wait asks which of its transactions are still in progress. */
const POLL_MS = 5;

/**
 * Waits for the write transactions in progress now to end. Ids are taken from sequences before
 * commit, by writers whose transaction id is assigned before they take one (the `live_nextval`
 * column default): once every transaction that was in progress when an id was seen has ended, each
 * lower id has committed or never will (the rule InIdOrder and the replays rely on). A transaction
 * that outlives `maxWaitMs` (a bulk load, a migration, a session left open) is a straggler: the
 * wait gives up on it, and later waits do not wait for it again, so it cannot stall the streams; an
 * id it holds and commits later is missed by the streams already past it.
 */
export class TransactionSettler {
  private stragglers: string[] = [];

  constructor(
    private readonly orm: MikroORM,
    private readonly maxWaitMs: number,
    private readonly logger: Logger,
  ) {}

  async settled(): Promise<void> {
    const deadline = Date.now() + this.maxWaitMs;
    if (this.stragglers.length > 0) this.stragglers = await listTransactionsInProgress(this.orm, this.stragglers, []);
    let waiting = await listTransactionsInProgress(this.orm, null, this.stragglers);
    while (waiting.length > 0) {
      if (Date.now() >= deadline) {
        this.logger.warn(
          { transactions: waiting, waitedMs: this.maxWaitMs },
          'live streams stop waiting for write transactions that stay open',
        );
        this.stragglers = [...new Set([...this.stragglers, ...waiting])];
        return;
      }
      await sleep(POLL_MS);
      waiting = await listTransactionsInProgress(this.orm, waiting, []);
    }
  }
}
