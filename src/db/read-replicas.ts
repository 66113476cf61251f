import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../platform/config.js';
import { knexClientOf, replicaClientsOf, type KnexClient } from './db.js';
import type { Logger } from '../platform/logger.js';
import { countRead, metricsEnabled, registerPool, setReplicaLag } from '../platform/metrics.js';
import { readingFrom } from './read-pool.js';
import { runOn } from './sql.js';

/**
 * Read replicas (DATABASE_REPLICA_URLS), with what MikroORM's own `replicas` does not give: a
 * lag check and read-your-writes across nodes (docs/scaling.md, "Read replicas").
 *
 * - Every write request records the primary's WAL insert position on its user's row, on the
 *   primary, before it answers (recordWrite).
 * - A read request first checks its token's session on the primary, in one statement that also
 *   returns that position (viewer/read-your-writes.ts): a logout or ended session is refused on every node
 *   however far the replicas lag. Its statements then run on a replica that has replayed past that
 *   position, or on the primary when none has.
 * - Each node polls the primary's position and each replica's replay position every
 *   REPLICA_CHECK_MS: a replica that does not answer, or that is behind the primary's position of
 *   more than REPLICA_MAX_LAG_MS ago, takes no reads until it is back within the bound.
 */

/**
 * The caller's write position and the session check, from the viewer layer
 * (viewer/read-your-writes.ts): the SQL of sessions and users is not the db layer's.
 */
export interface WritePositions {
  /** The user's write position (null: none recorded), or undefined when the session is not open. */
  check(session: { jti: string; userId: number }): Promise<string | null | undefined>;
  /** Records the primary's current WAL position as the user's. */
  record(userId: number): Promise<void>;
}

/** An LSN ('16/B374D848') as a number: exact up to 2^53 bytes of WAL. */
export const lsnNumber = (lsn: string | null | undefined): number => {
  if (!lsn) return 0;
  const [high, low] = lsn.split('/');
  return parseInt(high!, 16) * 2 ** 32 + parseInt(low!, 16);
};

interface Replica {
  name: string;
  pool: KnexClient;
  healthy: boolean;
  /** Why it is out ('down', 'lagging'), for the one log line of each change, and the detail. */
  reason: string;
  detail: string;
  replayLsn: number;
  checking: boolean;
  /** Reads sent to it, for the benchmark and metrics. */
  reads: number;
}

/** The primary's WAL position at a moment, to measure a replica's lag in time. */
interface Sample {
  at: number;
  lsn: number;
}

export class ReadReplicas {
  private readonly primary: KnexClient;
  private readonly replicas: Replica[];
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly unregister: (() => void)[] = [];
  /** Reads the primary served in routed requests (no replica fit). */
  primaryReads = 0;

  constructor(
    orm: MikroORM,
    private readonly config: Pick<Config, 'REPLICA_MAX_LAG_MS' | 'REPLICA_CHECK_MS'>,
    private readonly logger: Logger,
    private readonly positions: WritePositions,
  ) {
    this.primary = knexClientOf(orm.em);
    this.replicas = replicaClientsOf(orm).map((pool, i) => ({
      name: `replica-${i + 1}`,
      pool,
      // Out until a first check has seen it: reads start on the primary.
      healthy: false,
      reason: 'unchecked',
      detail: '',
      replayLsn: 0,
      checking: false,
      reads: 0,
    }));
  }

  /** Checks once (so the first requests already have replicas) and then every REPLICA_CHECK_MS. */
  async start(): Promise<void> {
    if (metricsEnabled()) {
      for (const { name, pool } of this.replicas) {
        this.unregister.push(
          registerPool('replica', name, () => ({
            inUse: pool.pool.numUsed(),
            idle: pool.pool.numFree(),
            waiting: pool.pool.numPendingAcquires(),
          })),
        );
      }
    }
    await this.check();
    this.timer = setInterval(() => void this.check(), this.config.REPLICA_CHECK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const stop of this.unregister) stop();
    await this.ticking;
  }

  /** Each replica's state, for the benchmark and tests. */
  status() {
    return {
      primaryReads: this.primaryReads,
      replicas: this.replicas.map(({ name, healthy, reason, reads }) => ({ name, healthy, reason, reads })),
    };
  }

  private check(): Promise<void> {
    // A slow round (a frozen replica) must not pile up: the next waits for it.
    return (this.ticking ??= this.tick().finally(() => (this.ticking = undefined)));
  }

  private async tick(): Promise<void> {
    const now = Date.now();
    try {
      const [row] = await runOn<{ lsn: string }>(this.primary, {
        text: 'select pg_current_wal_insert_lsn()::text as lsn',
      });
      this.samples.push({ at: now, lsn: lsnNumber(row?.lsn) });
    } catch {
      // The primary away: /readyz says so; the replicas' lag cannot be measured this round.
    }
    // Samples older than the bound are needed only to tell that a replica is past it.
    const keepFrom = now - this.config.REPLICA_MAX_LAG_MS - 2 * this.config.REPLICA_CHECK_MS;
    while (this.samples.length > 1 && this.samples[1]!.at < keepFrom) this.samples.shift();
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica, now)));
  }

  private async checkReplica(replica: Replica, now: number): Promise<void> {
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(resolve, Math.max(1_000, this.config.REPLICA_CHECK_MS * 2), 'timeout').unref(),
    );
    try {
      const answer = await Promise.race([
        runOn<{ lsn: string | null; standby: boolean }>(replica.pool, {
          text: 'select pg_last_wal_replay_lsn()::text as lsn, pg_is_in_recovery() as standby',
        }),
        timeout,
      ]);
      if (answer === 'timeout') return this.mark(replica, 'down', 'no answer');
      const [row] = answer;
      if (!row?.standby) return this.mark(replica, 'down', 'not a standby');
      replica.replayLsn = Math.max(replica.replayLsn, lsnNumber(row.lsn));
      const lagMs = this.lagMs(replica.replayLsn, now);
      setReplicaLag(replica.name, lagMs / 1000);
      if (lagMs > this.config.REPLICA_MAX_LAG_MS) this.mark(replica, 'lagging', `${lagMs} ms behind`);
      else this.mark(replica, 'healthy', '');
    } catch (error) {
      this.mark(replica, 'down', error instanceof Error ? error.message : String(error));
    }
  }

  /** How long ago the primary wrote the oldest WAL the replica has not replayed (0: none). */
  private lagMs(replayLsn: number, now: number): number {
    const behind = this.samples.find((sample) => sample.lsn > replayLsn);
    return behind ? now - behind.at : 0;
  }

  /** Logs a change of state once, not once per check or per request. */
  private mark(replica: Replica, reason: 'healthy' | 'down' | 'lagging', detail: string): void {
    const changed = replica.reason !== reason;
    replica.healthy = reason === 'healthy';
    replica.reason = reason;
    replica.detail = detail;
    if (!changed) return;
    if (replica.healthy) this.logger.info({ replica: replica.name }, 'replica takes reads');
    else this.logger.warn({ replica: replica.name, reason, detail }, 'replica skipped: reads go elsewhere');
  }

  /** A replica that has replayed past `writeLsn` (the user's last write), or undefined for the primary. */
  private pick(writeLsn: number): Replica | undefined {
    let chosen: Replica | undefined;
    let fit = 0;
    // A random one among those that fit (reservoir sampling: no array per request).
    for (const replica of this.replicas) {
      if (replica.healthy && replica.replayLsn >= writeLsn && Math.random() * ++fit < 1) chosen = replica;
    }
    return chosen;
  }

  /**
   * Runs a read request's `fn` with its statements on a replica fit for the caller (or the
   * primary), after checking the session on the primary: 'ended' when it is not open.
   */
  async asReader<T>(
    user: { jti: string; userId: number; sessionChecked: boolean },
    fn: () => Promise<T>,
  ): Promise<T | 'ended'> {
    const writeLsn = await this.positions.check(user);
    if (writeLsn === undefined) return 'ended';
    user.sessionChecked = true;
    const replica = this.pick(lsnNumber(writeLsn));
    if (!replica) {
      this.primaryReads++;
      countRead('primary', 'primary');
      return fn();
    }
    replica.reads++;
    countRead('replica', replica.name);
    return readingFrom(replica.pool, fn);
  }

  /** After a write of `userId` committed, and before it is answered: its later reads wait for replicas that have it. */
  async recordWrite(userId: number): Promise<void> {
    await this.positions.record(userId);
  }
}
