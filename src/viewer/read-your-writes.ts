/**
 * Read-your-writes across nodes with read replicas (db/read-replicas.ts routes the reads): each
 * user's row holds the primary's WAL position at their last write, and a read request's session
 * check on the primary returns it, so the request reads where that write already is.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { onPrimary } from '../db/read-pool.js';
import type { WritePositions } from '../db/read-replicas.js';
import { namedStatement, runRows } from '../db/sql.js';

/**
 * The sessions of a batch of read requests ($1 their jti, $2 their users), each with its user's
 * write position; `i` is its place in the batch. A session not open yields no row.
 */
export const SESSIONS_WRITE_LSN = namedStatement(
  'sessions_write_lsn',
  // OFFSET 0 keeps the lateral subquery whole: two index lookups per session checked (joined, the
  // generic plan may hash the whole sessions table). The arrays behind sub-selects: as plain
  // parameters their length is known to a custom plan, which then always looks cheaper than the
  // generic one, and the statement is planned again on every run.
  `select b.i::int as i, x.write_lsn
    from unnest((select $1::uuid[]), (select $2::int[])) with ordinality b(jti, user_id, i)
    cross join lateral (
      select u.write_lsn::text from sessions s join users u on u.id = s.user_id
      where s.jti = b.jti and s.user_id = b.user_id and s.revoked_at is null and s.expires_at > now()
      offset 0
    ) x`,
);

const RECORD_WRITE = namedStatement(
  'user_record_write',
  `update users set write_lsn = greatest(write_lsn, pg_current_wal_insert_lsn()) where id = $1`,
);

/** A row of SESSIONS_WRITE_LSN. */
interface SessionRow {
  i: number;
  write_lsn: string | null;
}

/** Runs SESSIONS_WRITE_LSN on the primary, for a batch of sessions. */
export const sessionLookup =
  (orm: MikroORM) =>
  (jtis: string[], userIds: number[]): Promise<SessionRow[]> =>
    onPrimary(() => runRows<SessionRow>(orm, SESSIONS_WRITE_LSN, [jtis, userIds]));

/** The write positions of `orm`'s users, for ReadReplicas. */
export function writePositions(orm: MikroORM): WritePositions {
  const checks = new SessionChecks(sessionLookup(orm));
  return {
    check: (session) => checks.check(session),
    record: async (userId) => {
      await onPrimary(() => runRows(orm, RECORD_WRITE, [userId]));
    },
  };
}

interface WaitingCheck {
  jti: string;
  userId: number;
  resolve: (writeLsn: string | null | undefined) => void;
  reject: (error: unknown) => void;
}

/** Checks per statement at most: bounds its arrays' size. */
const SESSION_BATCH_MAX = 256;

/**
 * The read requests' session checks on the primary, one statement for all the checks that arrive
 * while the previous one runs: under load the primary answers a batch per round trip instead of a
 * statement per request. A check is always in a statement sent after it arrived, so it sees every
 * logout and write answered before its request came (no answer is reused or cached).
 */
export class SessionChecks {
  private waiting: WaitingCheck[] = [];
  private running = false;

  constructor(private readonly lookup: (jtis: string[], userIds: number[]) => Promise<SessionRow[]>) {}

  /** The user's write position (null: none recorded), or undefined when the session is not open. */
  check({ jti, userId }: { jti: string; userId: number }): Promise<string | null | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ jti, userId, resolve, reject });
      if (!this.running) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, SESSION_BATCH_MAX);
      try {
        const rows = await this.lookup(
          batch.map((check) => check.jti),
          batch.map((check) => check.userId),
        );
        const found = new Map(rows.map((row) => [row.i, row.write_lsn]));
        // Ordinality counts from 1; a check with no row has no open session.
        batch.forEach((check, i) => check.resolve(found.has(i + 1) ? found.get(i + 1) : undefined));
      } catch (error) {
        for (const check of batch) check.reject(error);
      }
    }
    this.running = false;
  }
}
