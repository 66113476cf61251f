/**
 * npm run bench:topology [-- --seconds 20 --connections 16]
 *
 * One node on the primary alone against two nodes and a replica behind HAProxy, on the same data,
 * in one run (scripts/topology.ts): throughput, p99, the share of transactions on the replica,
 * and CPU per request of the primary, the replica and the nodes (from /proc). The load: each
 * request a random seeded user; 90 % reads (a post, a page of posts, the caller's profile),
 * 10 % writes (a post).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { missingPackages, request, startNode, up, type Cluster } from '../scripts/topology.js';

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = option('--seconds', 20);
const CONNECTIONS = option('--connections', 16);
const USERS = 40;
const POSTS_PER_USER = 10;
const TICKS = 100; // USER_HZ

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

async function sql(url: string, text: string): Promise<number> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(text);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
const transactions = (url: string) =>
  sql(url, "select xact_commit + xact_rollback as n from pg_stat_database where datname = 'postgres'");

const call = async (...args: Parameters<typeof request>) => (await request(...args)).body!;

interface Seeded {
  tokens: string[];
  postIds: number[];
}

async function seed(base: string): Promise<Seeded> {
  const tokens: string[] = [];
  const postIds: number[] = [];
  for (let u = 0; u < USERS; u++) {
    const email = `bench-${u}-${Date.now()}@example.com`;
    const password = 'correct horse battery';
    const signup = await request(base, 'POST', '/auth/signup', undefined, {
      email,
      password,
      passwordValidation: password,
      firstName: `User${u}`,
      lastName: 'Bench',
    });
    if (signup.status !== 200) throw new Error(`signup answered ${signup.status}`);
    const { token } = (await call(base, 'POST', '/auth/login', undefined, { email, password })) as { token: string };
    tokens.push(token);
    for (let p = 0; p < POSTS_PER_USER; p++) {
      const post = await call(base, 'POST', '/posts', token, { title: `post ${p}`, content: 'x'.repeat(200) });
      postIds.push(post.id as number);
    }
  }
  // Everyone follows a few others, so pages and profiles have content.
  for (let u = 0; u < USERS; u++)
    for (let f = 1; f <= 3; f++) await call(base, 'POST', `/users/${(u + f) % USERS}/follow`, tokens[u]);
  return { tokens, postIds };
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

async function load(url: string, { tokens, postIds }: Seeded, writeShare: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const token = pick(tokens);
          const r = Math.random();
          const headers = { ...request.headers, authorization: `Bearer ${token}` };
          if (r < writeShare)
            return {
              ...request,
              method: 'POST',
              path: '/posts',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ title: 'load', content: 'written under load' }),
            };
          const path =
            r < 0.5 + writeShare / 2 ? `/posts/${pick(postIds)}` : r < 0.8 ? '/posts/followed?limit=20' : '/users/me';
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

async function measure(
  name: string,
  url: string,
  seeded: Seeded,
  clusters: { primary: Cluster; replica: Cluster; primaryUrl: string; replicaUrl: string },
  nodePids: number[],
  writeShare = 0.1,
) {
  const before = {
    primary: clusterCpu(clusters.primary),
    replica: clusterCpu(clusters.replica),
    nodes: nodePids.map((pid) => cpuOf(pid, false)),
    primaryTx: await transactions(clusters.primaryUrl),
    replicaTx: await transactions(clusters.replicaUrl),
  };
  const run = await load(url, seeded, writeShare);
  await new Promise((resolve) => setTimeout(resolve, 1_500)); // statistics flushed
  const after = {
    primary: clusterCpu(clusters.primary),
    replica: clusterCpu(clusters.replica),
    nodes: nodePids.map((pid) => cpuOf(pid, false)),
    primaryTx: await transactions(clusters.primaryUrl),
    replicaTx: await transactions(clusters.replicaUrl),
  };
  const perRequest = (seconds: number) => Math.round((seconds / run.requests) * 1e6);
  const primaryTx = after.primaryTx - before.primaryTx;
  const replicaTx = after.replicaTx - before.replicaTx;
  const row = {
    setup: name,
    'req/s': Math.round(run.rps),
    'p99 ms': run.p99,
    errors: run.errors,
    'replica share of transactions': `${Math.round((100 * replicaTx) / Math.max(1, primaryTx + replicaTx))} %`,
    'primary CPU µs/req': perRequest(after.primary - before.primary),
    'replica CPU µs/req': perRequest(after.replica - before.replica),
    'nodes CPU µs/req': perRequest(after.nodes.reduce((a, b) => a + b, 0) - before.nodes.reduce((a, b) => a + b, 0)),
  };
  console.log(JSON.stringify(row));
  return row;
}

const missing = missingPackages();
if (missing) {
  console.error(`bench:topology: ${missing}`);
  process.exit(69);
}
const limits = { LOG_LEVEL: 'warn', WRITE_LIMITS: 'off', WRITES_PER_USER: '1000000', SIGNUPS_PER_ADDRESS: '1000' };
const topology = await up({ env: limits });
let single: Awaited<ReturnType<typeof startNode>> | undefined;
// Ctrl-C brings everything down too.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    void Promise.all([single?.stop(), topology.down()]).finally(() => process.exit(130));
  });
try {
  const { primary, replica } = topology.databases;
  const clusters = { primary, replica, primaryUrl: primary.url, replicaUrl: replica.url };
  const seeded = await seed(topology.proxy.url);
  await new Promise((resolve) => setTimeout(resolve, 3_000)); // the replica has every seeded row
  single = await startNode({
    DATABASE_URL: primary.url,
    DATABASE_REPLICA_URLS: '',
    ...limits,
  });
  const rows = [await measure('1 node, primary only', single.url, seeded, clusters, [single.child.pid!])];
  await single.stop();
  rows.push(
    await measure(
      '2 nodes + replica (HAProxy)',
      topology.proxy.url,
      seeded,
      clusters,
      topology.nodes.map((node) => node.child.pid!),
    ),
  );
  // Writes alone: what the primary spends per write, hence writes per second per core.
  rows.push(
    await measure(
      'writes only, 2 nodes',
      topology.proxy.url,
      seeded,
      clusters,
      topology.nodes.map((node) => node.child.pid!),
      1,
    ),
  );
  console.table(rows);
} finally {
  await single?.stop();
  await topology.down();
}
