import pg from 'pg';
import type { Harness } from './harness.js';

/**
 * A write held in a transaction the test keeps open while `racer` is sent. Once the racer finishes,
 * or is seen waiting for one of the held transaction's locks, `meanwhile` runs (on another
 * connection, committed), then the held transaction ends (`end`). The racer's answer or error.
 */
export async function race(
  h: Harness,
  held: (client: pg.Client) => Promise<unknown>,
  racer: () => Promise<unknown>,
  { meanwhile, end = 'commit' }: { meanwhile?: () => Promise<unknown>; end?: 'commit' | 'rollback' } = {},
) {
  const client = new pg.Client({ connectionString: h.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await held(client);
    const heldPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    let settled = false;
    const racing = racer().then(
      (answer) => answer,
      (error: unknown) => error,
    );
    void racing.finally(() => (settled = true));
    await untilBlockedBy(h, heldPid, () => settled);
    await meanwhile?.();
    await client.query(end);
    return { outcome: await racing };
  } finally {
    await client.end();
  }
}

/** Resolves once some session waits for a lock `pid` holds, or once `settled()`. */
async function untilBlockedBy(h: Harness, pid: number, settled: () => boolean): Promise<void> {
  const db = h.orm.em.getConnection();
  while (!settled()) {
    const [row] = await db.execute<{ n: number }[]>(
      'select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
      [pid],
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
