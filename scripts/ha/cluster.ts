/**
 * A highly available PostgreSQL on one machine, from the standard parts: one etcd member, two
 * Patroni-managed PostgreSQL 15 members in synchronous mode, and HAProxy with a write port (the
 * leader) and a read port (streaming replicas). It runs deploy/ha/patroni.yml and
 * deploy/ha/haproxy-postgres.cfg as they are, with per-member values from the environment.
 *
 * Everything lives in one temporary folder, on free loopback ports; PostgreSQL and Patroni run as
 * the `postgres` OS user when this runs as root. `down()` stops and removes all of it, and an exit
 * of this process kills whatever is still running.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/platform/ports.js';
import { postgresOwner } from '../../src/db/embedded/postgres-user.js';

const DEPLOY = new URL('../../deploy/ha/', import.meta.url).pathname;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const TOOLS = ['patroni', 'patronictl', 'etcd', 'haproxy'] as const;

/** Why this machine cannot run the cluster (a missing package), or undefined when it can. */
export function haToolsMissing(): string | undefined {
  const missing: string[] = TOOLS.filter((tool) => !onPath(tool));
  if (!existsSync(join(PG_BIN, 'postgres'))) missing.push('postgresql-15');
  if (missing.length === 0) return undefined;
  return `missing ${missing.join(', ')}: apt-get install patroni etcd-server haproxy postgresql-15`;
}

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface Member {
  name: string;
  pgPort: number;
  apiPort: number;
  dataDir: string;
  patroni?: ChildProcess;
}

export interface HaCluster {
  dir: string;
  members: Member[];
  /** A URL through HAProxy's write port (always the leader), for a database. */
  writeUrl(database?: string): string;
  /** A URL through HAProxy's read port (a streaming replica within 1 MB of lag), for a database. */
  readUrl(database?: string): string;
  /** A URL straight to one member, bypassing HAProxy. */
  memberUrl(name: string, database?: string): string;
  /** The member whose Patroni answers /primary with 200, if any. */
  leader(): Promise<string | undefined>;
  /** Waits for a leader other than `not`, and returns it. */
  waitForLeader(options?: { not?: string; timeoutMs?: number }): Promise<string>;
  /** Waits until `name` runs as a streaming replica. */
  waitForReplica(name: string, timeoutMs?: number): Promise<void>;
  /** kill -9 of a member's postmaster; Patroni, if still running, restarts it. */
  killPostmaster(name: string): void;
  /** kill -9 of a member's Patroni and postmaster: the node is gone. */
  killMember(name: string): void;
  /** Starts a member's Patroni again (it rejoins, rewinding if it must). */
  startMember(name: string): void;
  /** Waits until `name` is the synchronous standby (only it may be promoted in synchronous mode). */
  waitForSyncStandby(name: string, timeoutMs?: number): Promise<void>;
  /** A planned switchover to `candidate` (the synchronous standby), through patronictl. */
  switchover(candidate: string): Promise<void>;
  /** Stops everything and removes the folder. */
  down(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startHaCluster(options: { members?: number } = {}): Promise<HaCluster> {
  const missing = haToolsMissing();
  if (missing) throw new Error(missing);
  const dir = mkdtempSync(join(tmpdir(), 'feedline-ha-'));
  chmodSync(dir, 0o755);
  const owner = postgresOwner();
  const password = randomBytes(18).toString('base64url');
  const running = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of running) if (child.pid) killGroup(child.pid);
  };
  process.once('exit', killAll);

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv, asPostgres: boolean) => {
    const log = openSync(join(dir, `${name}.log`), 'a');
    if (asPostgres && owner) chownSync(join(dir, `${name}.log`), owner.uid, owner.gid);
    const child = spawn(command, args, {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir, ...env },
      stdio: ['ignore', log, log],
      detached: true, // a group of its own: killing it takes the postmaster Patroni started too
      ...(asPostgres && owner ? owner : {}),
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };

  const etcdClient = await freePort();
  const etcdPeer = await freePort();
  const members: Member[] = [];
  for (let i = 0; i < (options.members ?? 2); i++) {
    members.push({
      name: `pg${i}`,
      pgPort: await freePort(),
      apiPort: await freePort(),
      dataDir: join(dir, `pg${i}`, 'data'),
    });
  }
  const writePort = await freePort();
  const readPort = await freePort();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  // PostgreSQL refuses a data directory others can read; pg_basebackup keeps the mode it finds.
  for (const m of members) {
    mkdirSync(m.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(m.dataDir, 0o700);
    if (owner) {
      chownSync(join(m.dataDir, '..'), owner.uid, owner.gid);
      chownSync(m.dataDir, owner.uid, owner.gid);
    }
  }

  const cluster: HaCluster = {
    dir,
    members,
    writeUrl: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${writePort}/${database}`,
    readUrl: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${readPort}/${database}`,
    memberUrl: (name, database = 'postgres') =>
      `postgres://postgres:${password}@127.0.0.1:${member(name).pgPort}/${database}`,
    async leader() {
      for (const m of members) if ((await apiStatus(m, '/primary')) === 200) return m.name;
      return undefined;
    },
    async waitForLeader({ not, timeoutMs = 90_000 } = {}) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(200)) {
        const name = await cluster.leader();
        if (name && name !== not) return name;
      }
      throw new Error(`no leader${not ? ` other than ${not}` : ''} within ${timeoutMs} ms\n${logTails()}`);
    },
    async waitForReplica(name, timeoutMs = 120_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(250)) {
        if ((await apiStatus(member(name), '/replica?lag=1MB')) === 200) return;
      }
      throw new Error(`${name} is not a streaming replica within ${timeoutMs} ms\n${logTails()}`);
    },
    killPostmaster(name) {
      const pid = postmasterPid(member(name));
      if (pid) process.kill(pid, 'SIGKILL');
    },
    killMember(name) {
      const m = member(name);
      const pid = postmasterPid(m);
      if (m.patroni?.pid) killGroup(m.patroni.pid);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone with its group
        }
      }
      m.patroni = undefined;
    },
    startMember(name) {
      const m = member(name);
      m.patroni = start(m.name, 'patroni', [join(dir, 'patroni.yml')], patroniEnv(m), true);
    },
    async waitForSyncStandby(name, timeoutMs = 60_000) {
      for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(250)) {
        if ((await apiStatus(member(name), '/sync')) === 200) return;
      }
      throw new Error(`${name} is not the synchronous standby within ${timeoutMs} ms\n${logTails()}`);
    },
    async switchover(candidate) {
      await cluster.waitForSyncStandby(candidate);
      execFileSync(
        'patronictl',
        ['-c', join(dir, 'patronictl.yml'), 'switchover', '--candidate', candidate, '--force'],
        { stdio: 'pipe', env: { ...process.env, HOME: dir } },
      );
    },
    async down() {
      process.removeListener('exit', killAll);
      // Patroni stops its PostgreSQL on SIGTERM; whatever is left after that is killed.
      for (const child of running) child.kill('SIGTERM');
      for (const deadline = Date.now() + 20_000; running.size > 0 && Date.now() < deadline;) await sleep(100);
      killAll();
      for (const m of members) {
        const pid = postmasterPid(m);
        if (pid) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  function member(name: string): Member {
    const found = members.find((m) => m.name === name);
    if (!found) throw new Error(`no member ${name}`);
    return found;
  }

  function patroniEnv(m: Member): NodeJS.ProcessEnv {
    return {
      PATRONI_NAME: m.name,
      PATRONI_RESTAPI_LISTEN: `127.0.0.1:${m.apiPort}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${m.apiPort}`,
      PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${m.pgPort}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${m.pgPort}`,
      PATRONI_POSTGRESQL_DATA_DIR: m.dataDir,
      PATRONI_POSTGRESQL_PGPASS: join(dir, `${m.name}.pgpass`),
      PATRONI_ETCD3_HOSTS: `127.0.0.1:${etcdClient}`,
      PATRONI_SUPERUSER_PASSWORD: password,
      PATRONI_REPLICATION_PASSWORD: password,
      PATRONI_REWIND_PASSWORD: password,
    };
  }

  function logTails(): string {
    return ['etcd', 'haproxy', ...members.map((m) => m.name)]
      .map((name) => {
        const file = join(dir, `${name}.log`);
        const text = existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-8).join('\n') : '';
        return `--- ${name}.log\n${text}`;
      })
      .join('\n');
  }

  try {
    const etcdUrl = `http://127.0.0.1:${etcdClient}`;
    const peerUrl = `http://127.0.0.1:${etcdPeer}`;
    start(
      'etcd',
      'etcd',
      [
        '--name=feedline-etcd',
        `--data-dir=${join(dir, 'etcd')}`,
        `--listen-client-urls=${etcdUrl}`,
        `--advertise-client-urls=${etcdUrl}`,
        `--listen-peer-urls=${peerUrl}`,
        `--initial-advertise-peer-urls=${peerUrl}`,
        `--initial-cluster=feedline-etcd=${peerUrl}`,
      ],
      {},
      true,
    );
    for (const deadline = Date.now() + 30_000; !(await httpOk(`${etcdUrl}/health`)); await sleep(200)) {
      if (Date.now() > deadline) throw new Error(`etcd did not start\n${logTails()}`);
    }
    writeFileSync(join(dir, 'patronictl.yml'), `scope: feedline\netcd3:\n  hosts: 127.0.0.1:${etcdClient}\n`);
    // A copy the postgres OS user can read: the checkout may sit in a folder only root can enter.
    copyFileSync(join(DEPLOY, 'patroni.yml'), join(dir, 'patroni.yml'));

    // The first member bootstraps the cluster; the others clone it once it leads.
    cluster.startMember(members[0]!.name);
    await cluster.waitForLeader();
    for (const m of members.slice(1)) cluster.startMember(m.name);
    for (const m of members.slice(1)) await cluster.waitForReplica(m.name);

    const haproxyEnv: NodeJS.ProcessEnv = {
      PG_WRITE_BIND: `127.0.0.1:${writePort}`,
      PG_READ_BIND: `127.0.0.1:${readPort}`,
    };
    members.forEach((m, i) => {
      haproxyEnv[`PG${i}_ADDR`] = `127.0.0.1:${m.pgPort}`;
      haproxyEnv[`PG${i}_API_PORT`] = String(m.apiPort);
    });
    start('haproxy', 'haproxy', ['-db', '-f', join(DEPLOY, 'haproxy-postgres.cfg')], haproxyEnv, false);
    // HAProxy counts every server up until its first checks fail: wait until its ports lead only
    // where they should.
    await waitForRole(cluster.writeUrl(), false);
    if (members.length > 1) await waitForRole(cluster.readUrl(), true);
    return cluster;
  } catch (error) {
    await cluster.down();
    throw error;
  }
}

function postmasterPid(m: Member): number | undefined {
  try {
    const pid = Number(readFileSync(join(m.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function killGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function apiStatus(m: Member, path: string): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${m.apiPort}${path}`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

async function httpOk(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** Waits until ten connections in a row through `url` reach a server whose recovery state is `standby`. */
async function waitForRole(url: string, standby: boolean, timeoutMs = 30_000): Promise<void> {
  let inARow = 0;
  for (const deadline = Date.now() + timeoutMs; inARow < 10; await sleep(200)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      const { rows } = await client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      inARow = rows[0]?.standby === standby ? inARow + 1 : 0;
    } catch (error) {
      inARow = 0;
      if (Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) throw new Error(`${url.replace(/:[^:@]*@/, ':***@')} does not settle`);
  }
}
