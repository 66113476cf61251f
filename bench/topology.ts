/**
 * npm run bench:topology [-- --seconds 20 --connections 16 --users 1000]
 *
 * One node on the primary alone against two nodes and a replica behind HAProxy, on the same data,
 * in one run (scripts/topology.ts): throughput, p99, where the reads ran (the nodes' own
 * db_reads_total from /metrics, and transactions from pg_stat_database), and CPU per request of
 * the primary, the replica and the nodes (from /proc).
 *
 * The load is a social feed's: many readers, few writers. 1,000 users (seeded in SQL: signing up
 * each would measure Argon2), of whom 5 % write; everyone follows 10 writers and 5 others.
 * Each request: 5 % a write by a writer (a post or a comment, half each); 95 % a read by any
 * user: a post with its comments and likes (30 %), a page of followed posts (30 %), a page of all
 * posts (20 %), a writer's profile with its posts, comments and follows (20 %). So most reads are
 * by users who have not written lately, as with people, who read far more often than they write.
 * Two last rows are reads alone (what a replica-routed read still costs the primary: its session
 * check) and writes alone (the primary's cost per write).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signAccessToken } from '../src/auth/tokens.js';
import { commandLine } from '../scripts/command-line.js';
import { missingPackages, request, startNode, up, type Cluster, type Node } from '../scripts/topology.js';

const USAGE = 'npm run bench:topology -- [--seconds 20] [--connections 16] [--users 1000]';
const { values } = commandLine(USAGE, {
  seconds: { type: 'string', default: '20' },
  connections: { type: 'string', default: '16' },
  users: { type: 'string', default: '1000' },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const USERS = Number(values.users);
const WRITERS = Math.max(1, Math.round(USERS * 0.05));
const WRITE_SHARE = 0.05;
const POSTS_PER_WRITER = 20;
const POSTS_PER_READER = 1;
const COMMENTS_PER_POST = 3;
const LIKES_PER_POST = 5;
const TICKS = 100; // USER_HZ
const JWT_SECRET = 'bench-topology-secret-of-at-least-32-bytes';

/** CPU seconds of a process, and of its children (reaped ones included). */
function cpuOf(pid: number, withChildren: boolean): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
  return (utime! + stime! + (withChildren ? cutime! + cstime! : 0)) / TICKS;
}

/** CPU seconds of a PostgreSQL cluster: the postmaster and every backend, past and present. */
function clusterCpu(cluster: Cluster): number {
  const postmaster = Number(readFileSync(join(cluster.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuOf(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(fields[1]) === postmaster) total += cpuOf(Number(entry), false);
    } catch {
      // gone meanwhile: its time is in the postmaster's children's now
    }
  }
  return total;
}

async function sql<R = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}
const transactions = async (url: string) =>
  Number(
    (
      await sql<{ n: string }>(
        url,
        "select xact_commit + xact_rollback as n from pg_stat_database where datname = 'postgres'",
      )
    )[0]!.n,
  );

/** Reads served, by role, summed over the nodes' /metrics (db_reads_total). */
async function readsServed(nodes: Node[]): Promise<{ primary: number; replica: number }> {
  const served = { primary: 0, replica: 0 };
  for (const node of nodes) {
    if (!node.metricsUrl) continue;
    const text = await (await fetch(node.metricsUrl)).text();
    for (const [, role, n] of text.matchAll(/^db_reads_total\{role="(primary|replica)"[^}]*\} (\S+)$/gm))
      served[role as 'primary' | 'replica'] += Number(n);
  }
  return served;
}

interface Seeded {
  /** Every user's token; the first WRITERS are the writers'. */
  tokens: string[];
  writerIds: number[];
  postIds: number[];
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** The users, their sessions, posts, comments, likes and follows, straight into the primary. */
async function seed(base: string, primaryUrl: string): Promise<Seeded> {
  // One real signup, for a real password hash the others share (nobody logs in under load).
  const password = 'correct horse battery';
  const signup = await request(base, 'POST', '/auth/signup', undefined, {
    email: `bench-${Date.now()}@example.com`,
    password,
    passwordValidation: password,
    firstName: 'Bench',
    lastName: 'Seed',
  });
  if (signup.status !== 200) throw new Error(`signup answered ${signup.status}`);
  const ids = (
    await sql<{ id: number }>(
      primaryUrl,
      `insert into users (email, password_hash, first_name, last_name)
       select 'bench-' || g || '@example.com', (select password_hash from users limit 1), 'User' || g, 'Bench'
       from generate_series(1, $1) g returning id`,
      [USERS],
    )
  ).map((row) => row.id);
  const writerIds = ids.slice(0, WRITERS);
  const sessions = ids.map((id) => ({ id, ...signAccessToken(id, 24 * 3600, JWT_SECRET) }));
  await sql(
    primaryUrl,
    `insert into sessions (jti, user_id, expires_at) select * from unnest($1::uuid[], $2::int[], $3::timestamptz[])`,
    [sessions.map((s) => s.jti), sessions.map((s) => s.id), sessions.map((s) => s.expiresAt)],
  );
  const authors = [
    ...writerIds.flatMap((id) => Array<number>(POSTS_PER_WRITER).fill(id)),
    ...ids.slice(WRITERS).flatMap((id) => Array<number>(POSTS_PER_READER).fill(id)),
  ];
  const postIds = (
    await sql<{ id: number }>(
      primaryUrl,
      `insert into posts (title, content, author_id)
       select 'post of ' || a, repeat('x', 200), a from unnest($1::int[]) a returning id`,
      [authors],
    )
  ).map((row) => row.id);
  const commented = postIds.flatMap((id) => Array<number>(COMMENTS_PER_POST).fill(id));
  await sql(
    primaryUrl,
    `insert into comments (content, post_id, author_id) select 'a comment', p, a from unnest($1::int[], $2::int[]) x(p, a)`,
    [commented, commented.map(() => pick(ids))],
  );
  const liked = postIds.flatMap((id) => Array<number>(LIKES_PER_POST).fill(id));
  await sql(
    primaryUrl,
    `insert into post_likes (post_id, user_id) select * from unnest($1::int[], $2::int[]) on conflict do nothing`,
    [liked, liked.map(() => pick(ids))],
  );
  // Everyone follows 10 writers and 5 others: followed pages have posts, profiles followers.
  const follows = ids.flatMap((id) =>
    [...Array.from({ length: 10 }, () => pick(writerIds)), ...Array.from({ length: 5 }, () => pick(ids))]
      .filter((other) => other !== id)
      .map((other) => [id, other] as const),
  );
  await sql(
    primaryUrl,
    `insert into follows (follower_id, followed_id) select * from unnest($1::int[], $2::int[]) on conflict do nothing`,
    [follows.map(([a]) => a), follows.map(([, b]) => b)],
  );
  await sql(primaryUrl, 'analyze');
  return { tokens: sessions.map((s) => s.token), writerIds, postIds };
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(primaryUrl: string, replicaUrl: string): Promise<void> {
  const [{ lsn }] = (await sql<{ lsn: string }>(primaryUrl, 'select pg_current_wal_insert_lsn()::text as lsn')) as [
    { lsn: string },
  ];
  for (;;) {
    const [row] = await sql<{ behind: boolean }>(replicaUrl, 'select pg_last_wal_replay_lsn() < $1::pg_lsn as behind', [
      lsn,
    ]);
    if (!row?.behind) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(url: string, { tokens, writerIds, postIds }: Seeded, writeShare: number) {
  const writerTokens = tokens.slice(0, WRITERS);
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const r = Math.random();
          if (r < writeShare) {
            const headers = {
              ...request.headers,
              authorization: `Bearer ${pick(writerTokens)}`,
              'content-type': 'application/json',
            };
            return r < writeShare / 2
              ? {
                  ...request,
                  method: 'POST',
                  path: '/posts',
                  headers,
                  body: JSON.stringify({ title: 'load', content: 'written under load' }),
                }
              : {
                  ...request,
                  method: 'POST',
                  path: `/posts/${pick(postIds)}/comment`,
                  headers,
                  body: JSON.stringify({ content: 'commented under load' }),
                };
          }
          const read = (r - writeShare) / (1 - writeShare);
          const path =
            read < 0.3
              ? `/posts/${pick(postIds)}`
              : read < 0.6
                ? '/posts/followed?limit=20'
                : read < 0.8
                  ? '/posts?limit=20'
                  : `/users/${pick(writerIds)}`;
          const headers = { ...request.headers, authorization: `Bearer ${pick(tokens)}` };
          return { ...request, method: 'GET', path, headers, body: undefined };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

interface Clusters {
  primary: Cluster;
  replica: Cluster;
}

async function measure(
  name: string,
  url: string,
  seeded: Seeded,
  { primary, replica }: Clusters,
  nodes: Node[],
  writeShare: number,
) {
  const sample = async () => ({
    primary: clusterCpu(primary),
    replica: clusterCpu(replica),
    nodes: nodes.reduce((sum, node) => sum + cpuOf(node.child.pid!, false), 0),
    primaryTx: await transactions(primary.url),
    replicaTx: await transactions(replica.url),
    reads: await readsServed(nodes),
  });
  await replicaCaughtUp(primary.url, replica.url);
  const before = await sample();
  const run = await load(url, seeded, writeShare);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // statistics flushed
  const after = await sample();
  const perRequest = (seconds: number) => Math.round((seconds / run.requests) * 1e6);
  const primaryTx = after.primaryTx - before.primaryTx;
  const replicaTx = after.replicaTx - before.replicaTx;
  const replicaReads = after.reads.replica - before.reads.replica;
  const primaryReads = after.reads.primary - before.reads.primary;
  const share = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))} %`;
  const row = {
    setup: name,
    'req/s': Math.round(run.rps),
    'p99 ms': run.p99,
    errors: run.errors,
    // Routed reads counted by the nodes themselves; none counted without a replica configured.
    'reads on the replica': share(replicaReads, replicaReads + primaryReads),
    'transactions on the replica': share(replicaTx, primaryTx + replicaTx),
    'primary transactions/req': Number((primaryTx / run.requests).toFixed(2)),
    'primary CPU µs/req': perRequest(after.primary - before.primary),
    'replica CPU µs/req': perRequest(after.replica - before.replica),
    'nodes CPU µs/req': perRequest(after.nodes - before.nodes),
  };
  console.log(JSON.stringify(row));
  return row;
}

const missing = missingPackages();
if (missing) {
  console.error(`bench:topology: ${missing}`);
  process.exit(69);
}
const limits = {
  LOG_LEVEL: 'warn',
  WRITE_LIMITS: 'off',
  WRITES_PER_USER: '1000000',
  MAX_IN_FLIGHT_PER_USER: '1000000',
  MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
  ARGON2_QUEUE_MAX: '1000000',
  ARGON2_QUEUE_PER_ADDRESS: '1000000',
  JWT_SECRET,
};
const topology = await up({ env: limits, metrics: true });
let single: Node | undefined;
// Ctrl-C brings everything down too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void Promise.all([single?.stop(), topology.down()]).finally(() => process.exit(130));
  });
try {
  const clusters = topology.databases;
  const seeded = await seed(topology.proxy.url, clusters.primary.url);
  console.log(
    `seeded: ${USERS} users (${WRITERS} writers), ${seeded.postIds.length} posts; ${CONNECTIONS} connections, ${SECONDS} s per row; load average ${loadAverage()}`,
  );
  single = await startNode({ DATABASE_URL: clusters.primary.url, DATABASE_REPLICA_URLS: '', ...limits });
  const rows = [await measure('1 node, primary only', single.url, seeded, clusters, [single], WRITE_SHARE)];
  await single.stop();
  single = undefined;
  rows.push(
    await measure('2 nodes + replica (HAProxy)', topology.proxy.url, seeded, clusters, topology.nodes, WRITE_SHARE),
  );
  // Reads alone: what a read routed to the replica still costs the primary (its session check).
  rows.push(await measure('reads only, 2 nodes + replica', topology.proxy.url, seeded, clusters, topology.nodes, 0));
  // Writes alone: what the primary spends per write, hence writes per second per core.
  rows.push(await measure('writes only, 2 nodes', topology.proxy.url, seeded, clusters, topology.nodes, 1));
  console.table(rows);
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  await single?.stop();
  await topology.down();
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
