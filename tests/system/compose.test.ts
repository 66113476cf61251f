import { spawn, spawnSync } from 'node:child_process';
import { chownSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { parse } from 'yaml';
import { ENV_VARIABLES } from '../../src/platform/config.js';
import { freePort } from '../../src/platform/ports.js';

/**
 * compose.yaml as far as it can be checked without containers (no registry is reachable here): each
 * piece's configuration run by the same program, from Debian, that its image runs. HAProxy checks
 * deploy/haproxy.cfg with the haproxy service's environment; PgBouncer runs on the repo's ini
 * through the entrypoint of the image the repo builds; a replica is cloned with the compose's
 * pg_hba.conf, settings and pg_basebackup command; promtool checks the scrape configuration; and
 * every Feedline service's environment is held to src/platform/config.ts and .env.example.
 * Untested here: the images themselves, compose's own parsing and ordering, and its DNS.
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });
const PG_BIN = '/usr/lib/postgresql/15/bin';
const SBIN = ['/usr/sbin', '/usr/bin'];

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  profiles?: string[];
}
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
/** compose's ${VAR:?message} and ${VAR:-default}, with `values` for the variables. */
const interpolate = (text: string, values: Record<string, string>) =>
  text.replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_, name: string) => values[name] ?? '');
const VALUES = { POSTGRES_PASSWORD: 'compose-password', JWT_SECRET: 'j'.repeat(48) };
const env = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [key, interpolate(String(value), VALUES)]),
  );
const feedlineServices = Object.keys(services).filter((name) => services[name]!.image === 'feedline:latest');
const nodes = feedlineServices.filter((name) => name !== 'migrate');

const which = (program: string) => SBIN.map((dir) => join(dir, program)).find((path) => existsSync(path));
const missing = ['haproxy', 'pgbouncer', 'promtool'].filter((program) => !which(program));
if (!existsSync(`${PG_BIN}/pg_basebackup`)) missing.push('postgresql-15');
if (missing.length > 0 && process.env.CI) throw new Error(`compose.test.ts needs: ${missing.join(', ')}`);
if (missing.length > 0) console.warn(`compose.test.ts: skipped the program checks (missing ${missing.join(', ')})`);

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const postgresUser = () => {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout);
  return { uid: id('-u'), gid: id('-g') };
};
const asRoot = process.getuid?.() === 0;
/** A folder the postgres OS user owns, removed after the tests. */
function postgresFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-compose-'));
  if (asRoot) chownSync(dir, postgresUser().uid, postgresUser().gid);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
/**
 * A copy of the repo's file `path` in `folder` (one of postgresFolder's), for the postgres OS user:
 * the checkout may sit in a folder only its owner can enter (a root's 0700 home).
 */
function copyFor(folder: string, path: string): string {
  const copy = join(folder, basename(path));
  copyFileSync(path, copy);
  if (asRoot) chownSync(copy, postgresUser().uid, postgresUser().gid);
  return copy;
}
/** A command as the postgres OS user (PostgreSQL and PgBouncer refuse root), started in a folder it can enter. */
function asPostgres(command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    env: { ...process.env, ...extraEnv },
    cwd: tmpdir(),
    ...(asRoot && postgresUser()),
  });
  expect(result.status, `${command} ${args.join(' ')}: ${result.stderr}${result.stdout}`).toBe(0);
  return result.stdout;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}
async function query(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as unknown[];
  } finally {
    await client.end();
  }
}

describe('the Feedline services of compose.yaml', () => {
  it('set only variables the service reads, each described in .env.example', () => {
    const example = readFileSync('.env.example', 'utf8');
    expect(feedlineServices).toEqual(expect.arrayContaining(['migrate', 'feedline', 'feedline-2']));
    for (const name of feedlineServices) {
      for (const key of Object.keys(env(name))) {
        expect(ENV_VARIABLES, `${name}: ${key}`).toContain(key);
        expect(example, `${name}: ${key} in .env.example`).toMatch(new RegExp(`^#${key}=`, 'm'));
      }
    }
  });

  it('migrate runs the compiled release step first; the nodes start after it, without migrating', () => {
    expect(services.migrate!.command).toEqual(['node', 'dist/src/app/migrate.js']);
    expect(existsSync('src/app/migrate.ts')).toBe(true);
    expect(services.migrate!.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
    expect(nodes).toEqual(['feedline', 'feedline-2']);
    for (const name of nodes) {
      expect(env(name).MIGRATE_ON_START, name).toBe('false');
      expect(services[name]!.depends_on, name).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
      });
    }
  });

  it('each node trusts its proxy, reads from the replica, exports metrics, and reaches hosts that are services', () => {
    for (const name of nodes) {
      const vars = env(name);
      expect(vars.TRUST_PROXY, name).toMatch(/\S/);
      expect(vars.TRUST_PROXY, name).not.toBe('false');
      expect(new URL(vars.DATABASE_REPLICA_URLS!).host, name).toBe('replica:5432');
      expect(vars.METRICS_PORT, name).toMatch(/^\d+$/);
      expect(vars.METRICS_HOST, name).toBe('0.0.0.0');
      for (const key of ['DATABASE_URL', 'DATABASE_DIRECT_URL', 'DATABASE_REPLICA_URLS'].filter((k) => vars[k])) {
        const host = new URL(vars[key]!).hostname;
        expect(Object.keys(services), `${name}: ${key}`).toContain(host);
        expect(new URL(vars[key]!).password, `${name}: ${key}`).toBe(VALUES.POSTGRES_PASSWORD);
      }
      // Through the pooler: named statements off (PgBouncer 1.18), and a direct address for migrations and LISTEN.
      if (new URL(vars.DATABASE_URL!).hostname === 'pgbouncer') {
        expect(vars.DB_PREPARED_STATEMENTS, name).toBe('false');
        expect(new URL(vars.DATABASE_DIRECT_URL!).hostname, name).toBe('postgres');
      }
    }
    expect(nodes.map((name) => new URL(env(name).DATABASE_URL!).hostname)).toContain('pgbouncer');
  });
});

describe.skipIf(missing.length > 0)('the other services, run by their programs', () => {
  it("HAProxy accepts deploy/haproxy.cfg with the haproxy service's environment, in front of both nodes", () => {
    const vars = env('haproxy');
    expect([vars.FEEDLINE_NODE1, vars.FEEDLINE_NODE2]).toEqual(nodes.map((name) => `${name}:3000`));
    const result = spawnSync(which('haproxy')!, ['-c', '-f', 'deploy/haproxy.cfg'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...vars },
    });
    expect(result.status, result.stderr).toBe(0);
  });

  it("Prometheus scrapes every node's METRICS_PORT; promtool accepts the file", () => {
    const scrape = parse(readFileSync('deploy/prometheus.yml', 'utf8')) as {
      scrape_configs: { static_configs: { targets: string[] }[] }[];
    };
    const targets = scrape.scrape_configs.flatMap((job) => job.static_configs.flatMap((config) => config.targets));
    expect(targets.sort()).toEqual(nodes.map((name) => `${name}:${env(name).METRICS_PORT}`).sort());
    const result = spawnSync(which('promtool')!, ['check', 'config', 'deploy/prometheus.yml'], { encoding: 'utf8' });
    expect(result.status, result.stderr + result.stdout).toBe(0);
  });

  it("PgBouncer runs on the repo's ini through its image's entrypoint, in transaction mode, and passes queries", async () => {
    const { adminUrl } = inject('database');
    const server = new URL(adminUrl);
    const vars = env('pgbouncer');
    expect(vars.PGBOUNCER_DATABASE_HOST).toBe('postgres');
    expect(vars.PGBOUNCER_PASSWORD).toBe(VALUES.POSTGRES_PASSWORD);
    const run = postgresFolder();
    const port = await freePort();
    const user = decodeURIComponent(server.username || 'postgres');
    // The server trusts this machine, or knows the password; the pooler holds clients to it either way.
    const password = decodeURIComponent(server.password) || 'pooler-password';
    const child = spawn('sh', [copyFor(run, 'deploy/pgbouncer/entrypoint.sh')], {
      cwd: run,
      env: {
        PATH: `${process.env.PATH}:${SBIN.join(':')}`,
        PGBOUNCER_INI: copyFor(postgresFolder(), 'deploy/pgbouncer.ini'),
        PGBOUNCER_RUN_DIR: run,
        PGBOUNCER_DATABASE_HOST: server.hostname,
        PGBOUNCER_DATABASE_PORT: server.port || '5432',
        PGBOUNCER_PORT: String(port),
        PGBOUNCER_USER: user,
        PGBOUNCER_PASSWORD: password,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot && postgresUser()),
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise((done) => child.once('exit', done));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    });
    const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}${server.pathname}`;
    const rows = await until(async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${stderr}`);
      return query(url, 'select 1 as one');
    }, `pgbouncer on port ${port}: ${stderr}`);
    expect(rows).toEqual([{ one: 1 }]);
    const rendered = readFileSync(join(run, 'pgbouncer.ini'), 'utf8');
    expect(rendered).toMatch(/^pool_mode = transaction$/m);
    expect(rendered).toMatch(/^auth_type = scram-sha-256$/m);
    // A wrong password is refused by the pooler itself.
    await expect(query(url.replace(encodeURIComponent(password), 'wrong'), 'select 1')).rejects.toThrow(
      /authentication failed/,
    );
  });

  it.skipIf(process.env.TOPOLOGY_TESTS === 'off')(
    "a replica cloned with the compose's pg_hba.conf, settings and pg_basebackup command streams from the primary",
    async () => {
      const root = postgresFolder();
      const [primaryDir, replicaDir] = [join(root, 'primary'), join(root, 'replica')];
      const [primaryPort, replicaPort] = [await freePort(), await freePort()];
      const { POSTGRES_USER: user } = env('postgres');
      const password = VALUES.POSTGRES_PASSWORD;
      // As the official image initialises it: the superuser POSTGRES_USER, with a SCRAM password.
      writeFileSync(join(root, 'password'), password);
      if (asRoot) chownSync(join(root, 'password'), postgresUser().uid, postgresUser().gid);
      asPostgres(`${PG_BIN}/initdb`, [
        '-D',
        primaryDir,
        '-U',
        user!,
        `--pwfile=${join(root, 'password')}`,
        '--no-sync',
      ]);
      const settings = services
        .postgres!.command!.slice(1)
        .map((arg) => arg.replace('/etc/feedline/', 'deploy/compose/'));
      expect(settings).toContain('hba_file=deploy/compose/pg_hba.conf');
      const options = (port: number, dir: string, extra: string[]) =>
        [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", ...extra].join(' ');
      const pgCtl = (dir: string, ...args: string[]) => asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dir, ...args]);
      const primaryOptions = settings.map((arg) => (arg === '-c' ? arg : resolveHbaFile(arg, root))).join(' ');
      pgCtl(
        primaryDir,
        '-w',
        '-l',
        join(root, 'primary.log'),
        '-o',
        options(primaryPort, root, [primaryOptions]),
        'start',
      );
      cleanups.push(() => void pgCtl(primaryDir, '-m', 'immediate', 'stop'));

      // The replica service's own command, with this primary's address.
      const script = services.replica!.entrypoint!.join(' ');
      const basebackup = /pg_basebackup ([^;]+);/.exec(script)![1]!.trim().split(/\s+/);
      const args = basebackup.map((arg, i) =>
        basebackup[i - 1] === '-h' ? '127.0.0.1' : basebackup[i - 1] === '-D' ? replicaDir : arg,
      );
      asPostgres(`${PG_BIN}/pg_basebackup`, [...args, '-p', String(primaryPort)], { PGPASSWORD: password });
      const replicaSettings = /exec gosu postgres postgres (.*)$/m.exec(script)![1]!;
      pgCtl(
        replicaDir,
        '-w',
        '-l',
        join(root, 'replica.log'),
        '-o',
        options(replicaPort, root, [replicaSettings]),
        'start',
      );
      cleanups.push(() => void pgCtl(replicaDir, '-m', 'immediate', 'stop'));

      const url = (port: number) => `postgres://${user}:${password}@127.0.0.1:${port}/postgres`;
      await query(url(primaryPort), 'create table compose_check (n int); insert into compose_check values (42)');
      const rows = await until(async () => {
        const found = await query(url(replicaPort), 'select n from compose_check');
        return found.length > 0 ? found : undefined;
      }, 'the row on the replica');
      expect(rows).toEqual([{ n: 42 }]);
      expect(await query(url(replicaPort), 'select pg_is_in_recovery() as standby')).toEqual([{ standby: true }]);
    },
  );
});

/** The hba_file setting with the repo's file as an absolute path (the server runs from its data folder). */
/** The `hba_file=` setting pointed at a copy of the repo's file in `folder` (copyFor). */
const resolveHbaFile = (arg: string, folder: string) =>
  arg.replace(/^hba_file=(.*)$/, (_, file: string) => `hba_file=${copyFor(folder, file)}`);
