import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { adminQuery, createTestDatabase, withDatabase } from '../support/database.js';
import { serviceEnv, signUpAndLogIn, startServiceProcess, type ServiceProcess } from '../support/service-process.js';

/**
 * Starting the service as an operator meets it: .env read from the folder it starts in, the ready
 * line naming the docs, readable logs on a terminal, and every failed start one line saying what to do.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const { adminUrl, template, runId } = inject('database');
const databases: string[] = [];
const folders: string[] = [];
const started: ServiceProcess[] = [];
/** Run before the folders are removed (an immutable one must be made mutable first). */
const cleanups: (() => void)[] = [];

afterAll(async () => {
  for (const service of started) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  for (const cleanup of cleanups) cleanup();
  for (const name of databases) await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

async function newDatabase(from: string | null = template): Promise<string> {
  const name = `${runId}_${randomUUID().slice(0, 8)}`;
  databases.push(name);
  await createTestDatabase(adminUrl, name, from ?? undefined);
  return withDatabase(adminUrl, name);
}

/** An empty folder of the test's, removed after the file. */
function newFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-startup-'));
  folders.push(dir);
  return dir;
}

/** A folder to start the service in, as a checkout would be (its own .env), sharing this one's files. */
function checkoutWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-startup-'));
  folders.push(dir);
  for (const entry of ['src', 'node_modules', 'package.json', 'tsconfig.json', 'mikro-orm.config.ts', 'dist'])
    if (existsSync(entry)) symlinkSync(resolve(entry), join(dir, entry));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

async function start(env: Record<string, string>, options: Parameters<typeof startServiceProcess>[1] = {}) {
  const service = await startServiceProcess(env, options);
  started.push(service);
  return service;
}

/** Starts the service expecting it to fail: its exit code and the one line it printed. */
async function failedStart(env: Record<string, string>, unset: string[] = []) {
  const service = await start(env, { noWait: true, unset });
  const code = await service.exited;
  const stderr = service.stderr().trim();
  expect(stderr.split('\n'), stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(service.logs.join('\n')).not.toMatch(/\s+at .*:\d+:\d+/); // no stack on stdout either
  const line = JSON.parse(stderr) as { level: number; msg: string; kind: string; cause: string; fix: string };
  expect(line.level).toBe(60);
  expect(line.msg).toBe(`Feedline cannot start: ${line.cause}. Fix: ${line.fix}.`);
  return { code, line, stderr };
}

describe('a failed start prints one line naming the cause and the fix', () => {
  it('bad configuration', async () => {
    const { code, line } = await failedStart({ PORT: 'eighty', DB_POOL_MAX: '-1' });
    expect(code).toBe(78);
    expect(line.kind).toBe('bad_configuration');
    expect(line.cause).toMatch(/PORT: .*; DB_POOL_MAX: /);
    expect(line.fix).toContain('.env.example');
  });

  it('database unreachable', async () => {
    const port = await freePort(); // nothing listens there
    const { code, line } = await failedStart({ DATABASE_URL: `postgres://feedline:s3cret@127.0.0.1:${port}/feedline` });
    expect(code).toBe(1);
    expect(line.kind).toBe('database_unreachable');
    expect(line.cause).toContain(`127.0.0.1:${port}`);
    expect(JSON.stringify(line)).not.toContain('s3cret');
  });

  it('authentication failed', async () => {
    const url = new URL(adminUrl);
    url.username = `nobody_${randomUUID().slice(0, 8)}`;
    url.password = 's3cret';
    const { line } = await failedStart({ DATABASE_URL: url.toString() });
    expect(line.kind).toBe('authentication_failed');
    expect(line.fix).toContain('DATABASE_URL');
    expect(JSON.stringify(line)).not.toContain('s3cret');
  });

  it('migration failed', async () => {
    const url = await newDatabase(null);
    await adminQuery(url, 'create table users (id int)'); // in the way of the first migration
    const { code, line } = await failedStart({ DATABASE_URL: url });
    expect(code).toBe(1);
    expect(line.kind).toBe('migration_failed');
    expect(line.cause).toContain('relation "users" already exists');
    expect(line.cause).not.toContain('create table'); // the statement stays out of the line
  });

  it('a cluster whose workers cannot start: one line and a non-zero exit after a few tries', async () => {
    const port = await freePort(); // nothing listens there
    // The primary migrates through the direct address, which works; the workers' pool cannot connect.
    const { code, line } = await failedStart({
      WEB_CONCURRENCY: '2',
      DATABASE_URL: `postgres://feedline:s3cret@127.0.0.1:${port}/feedline`,
      LIVE_LISTEN_DATABASE_URL: await newDatabase(),
    });
    expect(code).toBe(1);
    expect(line.kind).toBe('database_unreachable');
    expect(line.cause).toContain(`127.0.0.1:${port}`);
  });

  it.runIf(process.getuid?.() === 0)('DATA_DIR not writable: the line names the folder', async () => {
    // Root writes anywhere a mode allows nobody to: an immutable folder (chattr +i) refuses root too,
    // and the service runs from the checkout as it is, which may sit in a folder only root can enter.
    const parent = mkdtempSync(join(tmpdir(), 'feedline-readonly-'));
    execFileSync('chattr', ['+i', parent]);
    cleanups.push(() => execFileSync('chattr', ['-i', parent]));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const service = await start({ DATA_DIR: dataDir }, { noWait: true, unset: ['DATABASE_URL'] });
    expect(await service.exited).toBe(1);
    const line = JSON.parse(service.stderr()) as { kind: string; cause: string; fix: string };
    expect(line.kind).toBe('not_writable');
    expect(line.cause).toBe(`cannot write ${dataDir} (EPERM)`);
    expect(line.fix).toMatch(/DATABASE_URL.*DATA_DIR/);
  });

  it('port taken, having written nothing (no JWT secret in DATA_DIR)', async () => {
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((done) => holder.listen(port, '127.0.0.1', done));
    const dataDir = join(newFolder(), 'data');
    try {
      const { line } = await failedStart({ PORT: String(port), DATABASE_URL: await newDatabase(), DATA_DIR: dataDir }, [
        'JWT_SECRET',
      ]);
      expect(line.kind).toBe('port_taken');
      expect(line.cause).toBe(`PORT ${port} on 127.0.0.1 is already in use`);
      expect(existsSync(dataDir), 'DATA_DIR written by a start that failed').toBe(false);
    } finally {
      holder.close();
    }
  });

  it('production without DATABASE_URL: the embedded database is refused, before anything is written', async () => {
    const dataDir = join(newFolder(), 'data');
    const { code, line } = await failedStart({ NODE_ENV: 'production', DATA_DIR: dataDir }, [
      'DATABASE_URL',
      'JWT_SECRET',
    ]);
    expect(code).toBe(1);
    expect(line.kind).toBe('embedded_database');
    expect(line.cause).toBe('NODE_ENV is production and DATABASE_URL is not set');
    expect(line.fix).toMatch(/^set DATABASE_URL .*EMBEDDED_POSTGRES=allow/);
    expect(existsSync(dataDir), 'DATA_DIR written by a start that failed').toBe(false);
  });

  it('a DATA_DIR whose embedded database another process runs: busy, said once, no reset hint', async () => {
    const dataDir = newFolder();
    // A live owner (this test process) as a running `npm start` records itself.
    const owner = { pid: process.pid, processStart: null, port: 5999, command: 'npm start', since: 'now' };
    writeFileSync(join(dataDir, 'postgres.owner.json'), JSON.stringify(owner));
    const { code, line } = await failedStart({ DATA_DIR: dataDir }, ['DATABASE_URL']);
    expect(code).toBe(1);
    expect(line.kind).toBe('embedded_database');
    expect(line.cause).toBe(
      `the embedded database in ${dataDir} is busy: pid ${process.pid} (npm start, since now, port 5999) runs it`,
    );
    expect(line.fix).toBe(
      'stop that process first, use another DATA_DIR, or share one PostgreSQL through DATABASE_URL',
    );
    expect(line.msg).not.toContain('..');
  });
});

describe('starting', () => {
  it('reads .env from the folder it starts in; the environment wins over it', async () => {
    const url = await newDatabase();
    const cwd = checkoutWith({ '.env': `DATABASE_URL=${url}\nHOST=192.0.2.1\n` });
    // HOST comes from the environment (serviceEnv), so the file's unroutable address must lose.
    const service = await start({}, { cwd, unset: ['DATABASE_URL'] });
    await signUpAndLogIn(service.baseUrl, 'dotenv@example.com', 'dotenv password');
    const { rows } = await adminQuery(url, "select count(*)::int as n from users where email = 'dotenv@example.com'");
    expect(rows[0].n).toBe(1);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
  });

  it('logs JSON off a terminal, the ready line naming the docs URL', async () => {
    const ready = await readyLine({ DATABASE_URL: await newDatabase(), LOG_LEVEL: 'info', LOG_FORMAT: 'auto' });
    expect(ready.docs).toBe(`${ready.url}/docs`);
  });

  it.skipIf(!existsSync('/usr/bin/script'))('logs readable lines on a terminal', async () => {
    const port = await freePort();
    const env = serviceEnv({ DATABASE_URL: await newDatabase(), LOG_LEVEL: 'info', LOG_FORMAT: 'auto' }, port);
    // script(1) gives the service a pseudo-terminal as stdout.
    const child = spawn('script', ['-qefc', `exec ${process.execPath} --import tsx src/app/main.ts`, '/dev/null'], {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise((done) => child.once('exit', done));
    try {
      for (const deadline = Date.now() + 90_000; !output.includes('/docs') && Date.now() < deadline;)
        await new Promise((done) => setTimeout(done, 100));
      expect(output).toContain('Feedline is ready');
      expect(output).toContain(`http://127.0.0.1:${port}/docs`);
      expect(output).not.toContain('"msg":"Feedline is ready"'); // not JSON
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  });
});

/** The ready line of a service started with node directly, parsed whole. */
async function readyLine(env: Record<string, string>): Promise<{ url: string; docs: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/main.ts'], {
    env: serviceEnv(env, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  try {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
      const line = output.split('\n').find((text) => text.includes('"msg":"Feedline is ready"'));
      if (line) return JSON.parse(line) as { url: string; docs: string };
      if (child.exitCode !== null) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`no ready line: ${output}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
