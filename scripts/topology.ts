/**
 * The scale-out topology on one machine, for tests, benchmarks and a look around: a PostgreSQL
 * primary and one streaming replica (initdb + pg_basebackup, as the `postgres` OS user, in a
 * temporary folder, on free ports), optionally PgBouncer in transaction mode, two Feedline nodes
 * and HAProxy in front of them (deploy/haproxy.cfg).
 *
 *   npm run topology -- up [--delay 2s] [--pgbouncer] [--nodes 2] [--state-dir <folder>]
 *   npm run topology -- down [--state-dir <folder>]
 *
 * `up` prints the addresses and runs until Ctrl-C, SIGTERM or `down` (which finds it by its record in
 * the state folder: .state/ in the checkout unless named); everything it started is stopped and its
 * folder removed then, and on any failure. The same pieces are exported for the system tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/platform/ports.js';
import { hasPostgresUser, postgresOwner, runAsPostgres } from '../src/db/embedded/postgres-user.js';
import { spawnService, untilReady } from './service-process.js';
import { commandLine, refuse, STATE_DIR_OPTION } from './command-line.js';
import { runRecord, stateDirFrom } from './run-record.js';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JWT_SECRET = 'topology-secret-of-at-least-32-bytes-long';

/** What the topology needs from Debian: why it cannot run here, or null. */
export function missingPackages({ pgbouncer = false } = {}): string | null {
  const needs: [string, string][] = [
    [`${PG_BIN}/pg_basebackup`, 'postgresql-15'],
    ['/usr/sbin/haproxy', 'haproxy'],
    ...(pgbouncer ? ([['/usr/sbin/pgbouncer', 'pgbouncer']] as [string, string][]) : []),
  ];
  const missing = needs.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
  if (missing.length > 0) return `Debian packages missing: ${missing.join(', ')}`;
  if (!hasPostgresUser()) return 'no `postgres` OS user';
  if (process.getuid?.() !== 0 && spawnSync('id', ['-un']).stdout.toString().trim() !== 'postgres')
    return 'must run as root or as postgres (clusters run as the postgres OS user)';
  return null;
}

/** Runs a command as the postgres OS user (itself when it already is). */
function asPostgres(command: string, args: string[], options: { check?: boolean } = {}) {
  const result = runAsPostgres(command, args);
  if (options.check !== false && result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
  return result;
}

export interface Cluster {
  dir: string;
  port: number;
  url: string;
  start(): void;
  stop(): void;
}

function cluster(dir: string, port: number): Cluster {
  const pgCtl = (...args: string[]) => asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dir, ...args]);
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => void pgCtl('-l', join(dir, 'server.log'), '-w', '-t', '120', 'start'),
    stop: () => void pgCtl('-m', 'fast', '-w', '-t', '60', 'stop'),
  };
}

/** Settings of a small shared machine: few connections, little memory, no durability needed. */
const commonSettings = (port: number, dir: string) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${dir}'
max_connections = 100
shared_buffers = 64MB
fsync = off
synchronous_commit = off
full_page_writes = off
wal_level = replica
max_wal_senders = 4
hot_standby = on
hot_standby_feedback = on
track_io_timing = off
`;

export interface DatabasePair {
  root: string;
  primary: Cluster;
  replica: Cluster;
  stop(): void;
}

/**
 * A primary and one streaming replica of it (replaying `applyDelay` behind, e.g. '2s'), in a new
 * temporary folder. stop() stops both and removes the folder.
 */
export async function startDatabasePair({ applyDelay }: { applyDelay?: string } = {}): Promise<DatabasePair> {
  const root = mkdtempSync(join(tmpdir(), 'feedline-topology-'));
  chmodSync(root, 0o755);
  const owner = postgresOwner();
  if (owner) chownSync(root, owner.uid, owner.gid);
  const primary = cluster(join(root, 'primary'), await freePort());
  const replica = cluster(join(root, 'replica'), await freePort());
  const started: Cluster[] = [];
  const stop = () => {
    for (const c of started.reverse()) {
      try {
        c.stop();
      } catch {
        asPostgres(`${PG_BIN}/pg_ctl`, ['-D', c.dir, '-m', 'immediate', 'stop'], { check: false });
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    asPostgres(`${PG_BIN}/initdb`, ['-D', primary.dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    writeFileSync(join(primary.dir, 'postgresql.auto.conf'), commonSettings(primary.port, primary.dir));
    primary.start();
    started.push(primary);
    asPostgres(`${PG_BIN}/pg_basebackup`, [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', replica.dir, '-R', '-X', 'stream', '--no-sync', '-c', 'fast'],
    ]);
    // -R wrote primary_conninfo into postgresql.auto.conf: keep it, and this port of its own.
    const auto = join(replica.dir, 'postgresql.auto.conf');
    const conninfo = readFileSync(auto, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('primary_conninfo'));
    writeFileSync(
      auto,
      `${commonSettings(replica.port, replica.dir)}${conninfo.join('\n')}\n${applyDelay ? `recovery_min_apply_delay = '${applyDelay}'\n` : ''}`,
    );
    replica.start();
    started.push(replica);
    return { root, primary, replica, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

export interface Node {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The `msg` of each log line so far. */
  logs: string[];
  /** Its GET /metrics, when started with `metrics`. */
  metricsUrl?: string;
  /** Its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** One Feedline process (src/app/main.ts), ready on a free port; with `metrics`, METRICS_PORT on another. */
export async function startNode(env: Record<string, string>, { metrics = false } = {}): Promise<Node> {
  const port = await freePort();
  const metricsPort = metrics ? await freePort() : undefined;
  const service = spawnService({
    port,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      JWT_SECRET,
      ...env,
      ...(metricsPort !== undefined && { METRICS_PORT: String(metricsPort) }),
    },
  });
  const { child, exited, logs, stop, baseUrl: url } = await untilReady(service);
  const metricsUrl = metricsPort === undefined ? undefined : `http://127.0.0.1:${metricsPort}/metrics`;
  return { url, child, exited, logs, metricsUrl, stop };
}

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** HAProxy with deploy/haproxy.cfg in front of `nodes` (its environment names them). */
export async function startHaproxy(nodes: string[], root: string): Promise<Proxy> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    FEEDLINE_BIND: `127.0.0.1:${port}`,
    FEEDLINE_STATS_BIND: `127.0.0.1:${await freePort()}`,
  };
  // deploy/haproxy.cfg names two nodes; the copy run here has a `server` line per node.
  const servers = nodes.map((node, i) => `    server node${i + 1} ${node.replace(/^http:\/\//, '')} check`).join('\n');
  const cfg = join(root, 'haproxy.cfg');
  writeFileSync(
    cfg,
    readFileSync(join(ROOT, 'deploy', 'haproxy.cfg'), 'utf8').replace(/(\s*server node\d+ .*)+/, `\n${servers}`),
  );
  const check = spawnSync('/usr/sbin/haproxy', ['-c', '-f', cfg], { env, encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy -c: ${check.stderr || check.stdout}`);
  const child = spawn('/usr/sbin/haproxy', ['-W', '-db', '-f', cfg], { env, cwd: root, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Ready once it routes to a node that its checks found up.
  for (const deadline = Date.now() + 60_000; ;) {
    const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('haproxy did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGUSR1'); // soft stop: live connections finish
      const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

export interface PgBouncer {
  url: string;
  stop(): Promise<void>;
}

/** PgBouncer (transaction mode, deploy/pgbouncer.ini) in front of the primary. */
export async function startPgBouncer(primaryPort: number, root: string): Promise<PgBouncer> {
  const port = await freePort();
  const ini = readFileSync(join(ROOT, 'deploy', 'pgbouncer.ini'), 'utf8')
    .replace(/^\* = .*$/m, `* = host=127.0.0.1 port=${primaryPort}`)
    .replace(/^listen_port = .*$/m, `listen_port = ${port}`)
    .replace(/^listen_addr = .*$/m, 'listen_addr = 127.0.0.1')
    .replace(/^(unix_socket_dir|pidfile|logfile) = .*$/gm, '')
    .replace(/^auth_file = .*$/m, `auth_file = ${join(root, 'userlist.txt')}`)
    // The clusters here trust loopback, and so does their pooler: no password to hand out.
    .replace(/^auth_type = .*$/m, 'auth_type = trust');
  writeFileSync(join(root, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(join(root, 'pgbouncer.ini'), `${ini}\nunix_socket_dir =\n`);
  const child = spawn('/usr/sbin/pgbouncer', [join(root, 'pgbouncer.ini')], {
    stdio: 'ignore',
    ...(postgresOwner() && { uid: postgresOwner()!.uid }),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const deadline = Date.now() + 30_000; ;) {
    if (spawnSync(`${PG_BIN}/pg_isready`, ['-h', '127.0.0.1', '-p', String(port), '-q']).status === 0) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('pgbouncer did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
  };
}

/** One JSON request to a node or the proxy, as a client makes it: its status and parsed body. */
export async function request(base: string, method: string, path: string, token?: string, body?: object) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body && { 'content-type': 'application/json' }),
    },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

export interface Topology {
  databases: DatabasePair;
  pgbouncer?: PgBouncer;
  nodes: Node[];
  proxy: Proxy;
  down(): Promise<void>;
}

export interface TopologyOptions {
  applyDelay?: string;
  nodes?: number;
  pgbouncer?: boolean;
  /** Extra environment for every node. */
  env?: Record<string, string>;
  /** Each node serves GET /metrics on a port of its own (Node.metricsUrl). */
  metrics?: boolean;
}

/** The whole topology; down() (also run on any failure on the way up) stops and removes it all. */
export async function up({
  applyDelay,
  nodes = 2,
  pgbouncer = false,
  env = {},
  metrics = false,
}: TopologyOptions = {}): Promise<Topology> {
  const databases = await startDatabasePair({ applyDelay });
  const parts: { bouncer?: PgBouncer; nodes: Node[]; proxy?: Proxy } = { nodes: [] };
  const down = async () => {
    await parts.proxy?.stop();
    await Promise.all(parts.nodes.map((node) => node.stop()));
    await parts.bouncer?.stop();
    databases.stop();
  };
  try {
    if (pgbouncer) parts.bouncer = await startPgBouncer(databases.primary.port, databases.root);
    const nodeEnv = {
      DATABASE_URL: parts.bouncer?.url ?? databases.primary.url,
      DATABASE_DIRECT_URL: databases.primary.url,
      // Debian's PgBouncer (1.18) cannot keep named statements in transaction mode.
      ...(parts.bouncer && { DB_PREPARED_STATEMENTS: 'false' }),
      DATABASE_REPLICA_URLS: databases.replica.url,
      TRUST_PROXY: 'loopback',
      ...env,
    };
    // The first node migrates; the others start on a ready schema.
    parts.nodes.push(await startNode(nodeEnv, { metrics }));
    parts.nodes.push(...(await Promise.all(Array.from({ length: nodes - 1 }, () => startNode(nodeEnv, { metrics })))));
    parts.proxy = await startHaproxy(
      parts.nodes.map((node) => node.url),
      databases.root,
    );
    return { databases, pgbouncer: parts.bouncer, nodes: parts.nodes, proxy: parts.proxy, down };
  } catch (error) {
    await down();
    throw error;
  }
}

const USAGE = `npm run topology -- up [--delay 2s] [--pgbouncer] [--nodes 2] [--state-dir <folder>]
npm run topology -- down [--state-dir <folder>]`;

async function main(args: string[]): Promise<void> {
  const { values, command } = commandLine(
    USAGE,
    {
      ...STATE_DIR_OPTION,
      delay: { type: 'string' },
      pgbouncer: { type: 'boolean', default: false },
      nodes: { type: 'string', default: '2' },
    },
    { args, commands: ['up', 'down'] },
  );
  const record = runRecord(stateDirFrom(values['state-dir']), 'topology');
  if (command === 'down') {
    console.log((await record.stop()) ? 'topology: stopped' : 'topology: none is running');
    return;
  }
  if (command !== 'up') refuse('up or down?', USAGE);
  const already = record.running();
  if (already !== undefined) {
    console.error(`topology: one recorded in ${record.file} runs (pid ${already}): npm run topology -- down first`);
    process.exit(1);
  }
  const missing = missingPackages({ pgbouncer: values.pgbouncer });
  if (missing) {
    console.error(`topology: ${missing}`);
    process.exit(69);
  }
  const topology = await up({ applyDelay: values.delay, nodes: Number(values.nodes), pgbouncer: values.pgbouncer });
  let stopping = false;
  const down = () => {
    if (stopping) return;
    stopping = true;
    console.log('topology: stopping');
    topology.down().then(
      () => {
        record.remove();
        process.exit(0);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, down);
  record.write(topology.databases.root);
  console.log(
    [
      'topology: up (Ctrl-C or `npm run topology -- down` brings it down and removes it)',
      `  HAProxy           ${topology.proxy.url}`,
      ...topology.nodes.map((node, i) => `  node ${i + 1}            ${node.url}`),
      `  primary           ${topology.databases.primary.url}`,
      `  replica           ${topology.databases.replica.url}`,
      ...(topology.pgbouncer ? [`  PgBouncer         ${topology.pgbouncer.url}`] : []),
      `  folder            ${topology.databases.root}`,
    ].join('\n'),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
