import { startHaCluster } from './cluster.js';
import { runFailoverDrill, type DrillResult, type Fault } from './drill.js';
import type { Node } from '../topology.js';
import { startNodesOnCluster } from './nodes.js';

/**
 * `npm run chaos -- --failover`: two Feedline nodes on the HA cluster, writers through both, the
 * leader killed (`node`: postmaster and Patroni) or switched over, `runs` times; every 2xx is
 * audited afterwards. Exit 1 when any acknowledged write is lost or was not delivered live.
 */
export async function chaosFailover(runs: number, faults: Fault[]): Promise<number> {
  const cluster = await startHaCluster();
  const nodes: Node[] = [];
  const results: DrillResult[] = [];
  try {
    const env = {
      LOG_LEVEL: 'warn',
      DB_ACQUIRE_TIMEOUT_MS: '2000',
      WRITE_LIMITS: 'off',
      WRITES_PER_USER: '1000000000',
      MAX_IN_FLIGHT_PER_USER: '1000000',
      MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
      ARGON2_QUEUE_MAX: '1000000',
      ARGON2_QUEUE_PER_ADDRESS: '1000000',
    };
    nodes.push(...(await startNodesOnCluster(cluster, 'feedline_chaos', env)));
    for (let run = 0; run < runs; run++) {
      for (const fault of faults) {
        const result = await runFailoverDrill({
          cluster,
          database: 'feedline_chaos',
          nodes: nodes.map((node) => node.url),
          fault,
          writers: 8,
          beforeMs: 3_000,
          afterMs: 3_000,
        });
        results.push(result);
        console.log(
          `run ${run + 1} ${fault}: ${result.oldLeader} -> ${result.newLeader}, ${result.acknowledged} acknowledged, ` +
            `statuses ${JSON.stringify(result.statuses)}, first write after the fault ${result.firstWriteAfterMs} ms, ` +
            `longest gap ${result.longestGapMs} ms, slowest ${result.slowestMs} ms, lost ${result.lost.length}, ` +
            `undelivered ${result.undelivered.length}${result.unexpected.length ? `; unexpected: ${result.unexpected.join(' | ')}` : ''}`,
        );
        // The killed member comes back as a replica before the next round.
        if (fault === 'node') {
          cluster.startMember(result.oldLeader);
          await cluster.waitForReplica(result.oldLeader);
          await cluster.waitForSyncStandby(result.oldLeader);
        }
      }
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
    await cluster.down();
  }
  console.table(
    results.map((r) => ({
      fault: r.fault,
      acknowledged: r.acknowledged,
      '503': r.statuses['503'] ?? 0,
      other: Object.entries(r.statuses)
        .filter(([status]) => status !== '201' && status !== '503')
        .reduce((sum, [, n]) => sum + n, 0),
      'first write after (ms)': r.firstWriteAfterMs,
      'longest gap (ms)': r.longestGapMs,
      lost: r.lost.length,
      undelivered: r.undelivered.length,
    })),
  );
  const bad = results.some(
    (r) =>
      r.lost.length > 0 ||
      r.undelivered.length > 0 ||
      r.hung > 0 ||
      Object.keys(r.statuses).some((s) => s !== '201' && s !== '503'),
  );
  // What the nodes warned about, to tell where a bad run went wrong.
  if (bad) for (const node of nodes) console.log(`${node.url} logged:\n  ${node.logs.slice(-30).join('\n  ')}`);
  return bad ? 1 : 0;
}
