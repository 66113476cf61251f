import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import {
  isReady,
  serviceEnv,
  signUpAndLogIn,
  startServiceProcess,
  untilReady,
  type ServiceProcess,
} from '../support/service-process.js';

/**
 * The zero-setup mode as a user meets it: `npm start` with no DATABASE_URL, the commands beside
 * it, the database killed under it, signals, a taken port, and a checkout root cannot share.
 */
vi.setConfig({ testTimeout: 300_000, hookTimeout: 120_000 });
const root = mkdtempSync(join(tmpdir(), 'feedline-embedded-'));
chmodSync(root, 0o755); // as root, the server runs as the `postgres` OS user
const started: ServiceProcess[] = [];
const dataDirs: string[] = [];

afterEach(() => {
  // Whatever a test did or failed to do: no service, no postgres left behind.
  for (const service of started.splice(0)) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  for (const dir of dataDirs.splice(0)) killLeftovers(dir);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function newDataDir(name: string): string {
  const dir = join(root, name);
  dataDirs.push(dir);
  return dir;
}

/** A service on its own embedded database; ready unless `noWait` (an initdb takes long on a loaded machine). */
async function start(dataDir: string, options: Parameters<typeof startServiceProcess>[1] = {}, env = {}) {
  const service = await startServiceProcess(
    { DATA_DIR: dataDir, ...env },
    { unset: ['DATABASE_URL'], ...options, noWait: true },
  );
  started.push(service);
  if (options.noWait) return service;
  return untilReady(service, 240_000);
}

function clusterDir(dataDir: string): string {
  const relocated = join(dataDir, 'postgres.location');
  return existsSync(relocated) ? readFileSync(relocated, 'utf8').trim() : join(dataDir, 'postgres');
}

function postmasterPid(dataDir: string): number | undefined {
  const file = join(clusterDir(dataDir), 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

function ownerPid(dataDir: string): number | undefined {
  const file = join(dataDir, 'postgres.owner.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid : undefined;
}

function isAlive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z '); // a zombie is gone
  } catch {
    return false;
  }
}

function killLeftovers(dataDir: string): void {
  for (const pid of [ownerPid(dataDir), postmasterPid(dataDir)]) if (isAlive(pid)) process.kill(pid!, 'SIGKILL');
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return condition();
}

/** Runs an npm script to its end, as a user in another terminal would. */
function npmRun(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      cwd,
      env: serviceEnv(env, 0, ['DATABASE_URL']),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the embedded database', () => {
  it('keeps data across restarts and takes over from a kill -9 of the service', async () => {
    const dataDir = newDataDir('restarts');
    const first = await start(dataDir);
    await signUpAndLogIn(first.baseUrl, 'keep@example.com', 'keep password');
    first.child.kill('SIGKILL'); // its PostgreSQL lives on, an orphan holding postmaster.pid
    await first.exited;

    const second = await start(dataDir);
    expect(second.logs).toContain('stopping an orphaned embedded PostgreSQL whose owner is gone');
    const login = await fetch(`${second.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'keep@example.com', password: 'keep password' }),
    });
    expect(login.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it(
    'lets seed, migrations and a second start share the running server instead of stopping it',
    { timeout: 400_000 },
    async () => {
      const dataDir = newDataDir('shared');
      const service = await start(dataDir);
      const env = { DATA_DIR: dataDir };

      const seed = await npmRun(
        [
          'seed',
          '--',
          '--users',
          '5',
          '--posts',
          '5',
          '--likes',
          '5',
          '--comments',
          '5',
          '--comment-likes',
          '2',
          '--follows',
          '5',
        ],
        env,
      );
      expect(seed.output).toContain('seeded');
      expect(seed.code).toBe(0);
      // Again, onto data: one line saying what to pass, no stack.
      const again = await npmRun(['seed'], env);
      expect(again.code).toBe(1);
      expect(again.output.trim().split('\n')).toHaveLength(1);
      expect(again.output).toContain('pass --reset');
      // Small stays small: counts not given scale with the one given (--users 20: 1/500 of the default).
      const small = await npmRun(['seed', '--', '--users', '20', '--reset'], env);
      expect(small.code).toBe(0);
      const rows = Object.fromEntries(
        [...small.output.matchAll(/^(\w+): (\d+) rows/gm)].map((m) => [m[1], Number(m[2])]),
      );
      expect(rows).toMatchObject({ users: 20, posts: 200, comment_likes: 200 });
      const migrate = await npmRun(['migration:up'], env);
      expect(migrate.code).toBe(0);

      const second = await startServiceProcess({ DATA_DIR: dataDir }, { unset: ['DATABASE_URL'], noWait: true });
      started.push(second);
      expect(await second.exited).toBe(1);
      const refusal = second.stderr().trim();
      expect(refusal.split('\n')).toHaveLength(1);
      expect(refusal).toContain(`is busy: pid ${service.child.pid}`);

      expect(await isReady(service.baseUrl)).toBe(true);
      await signUpAndLogIn(service.baseUrl, 'shared@example.com', 'keep password');
      expect(service.logs.join('\n')).not.toMatch(/orphan/);
    },
  );

  it('restarts its PostgreSQL by itself after a kill -9, saying so at error level', async () => {
    const dataDir = newDataDir('self-healing');
    const service = await start(dataDir, {}, { LOG_LEVEL: 'info' });
    const postmaster = postmasterPid(dataDir)!;
    process.kill(postmaster, 'SIGKILL');
    expect(await waitFor(async () => !(await isReady(service.baseUrl)), 10_000)).toBe(true);

    expect(await waitFor(() => isReady(service.baseUrl), 30_000)).toBe(true);
    expect(postmasterPid(dataDir)).not.toBe(postmaster);
    expect(service.logs).toContain('embedded PostgreSQL exited unexpectedly; restarting it');
    await signUpAndLogIn(service.baseUrl, 'healed@example.com', 'keep password');
  });

  it('stops node and PostgreSQL when npm start gets SIGTERM', async () => {
    const dataDir = newDataDir('npm-sigterm');
    const npm = await start(dataDir, { viaNpm: true });
    const node = ownerPid(dataDir);
    const postmaster = postmasterPid(dataDir);
    expect(node).not.toBe(npm.child.pid);
    expect(isAlive(node) && isAlive(postmaster)).toBe(true);

    npm.child.kill('SIGTERM'); // what docker stop, systemd and kill %1 do
    expect(await waitFor(() => !isAlive(node) && !isAlive(postmaster), 15_000)).toBe(true);
  });

  it('refuses a taken PORT in one line, before starting the database', async () => {
    const dataDir = newDataDir('busy-port');
    const port = await freePort();
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      const service = await start(dataDir, { noWait: true }, { PORT: String(port) });
      expect(await service.exited).toBe(1);
      const line = JSON.parse(service.stderr().trim()) as { kind: string; cause: string; fix: string };
      expect(line).toMatchObject({
        kind: 'port_taken',
        cause: `PORT ${port} on 127.0.0.1 is already in use`,
        fix: 'stop what holds it, or set PORT to another port',
      });
      expect(existsSync(join(dataDir, 'postgres'))).toBe(false);
    } finally {
      holder.close();
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'starts as root from a checkout inside a 0700 folder, leaving no password file behind',
    { timeout: 500_000 },
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'feedline-private-')); // mode 0700
      const checkout = join(home, 'feedline');
      const dataDir = join(checkout, '.data');
      dataDirs.push(dataDir);
      const passwordFiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith('pg-password-'));
      const before = passwordFiles();
      try {
        // What `npm start` needs: it compiles (prestart) before it runs dist/.
        for (const entry of [
          'src',
          'packages',
          'scripts',
          'package.json',
          'tsconfig.json',
          'tsconfig.build.json',
          'mikro-orm.config.ts',
        ])
          cpSync(entry, join(checkout, entry), { recursive: true });
        // Hard links: the PostgreSQL binaries are reachable only through the private folder.
        execFileSync('cp', ['-al', 'node_modules', join(checkout, 'node_modules')]);

        const service = await start(dataDir, { cwd: checkout, viaNpm: true });
        await signUpAndLogIn(service.baseUrl, 'root@example.com', 'keep password');
        expect(passwordFiles()).toEqual(before);
        service.child.kill('SIGTERM');
        expect(await waitFor(() => !isAlive(ownerPid(dataDir)) && !isAlive(postmasterPid(dataDir)), 15_000)).toBe(true);

        // The cluster lives outside DATA_DIR; its password lived inside. Deleting DATA_DIR starts afresh.
        const staged = clusterDir(dataDir);
        expect(staged.startsWith(checkout)).toBe(false);
        rmSync(dataDir, { recursive: true, force: true });
        // A fresh initdb and every migration: give a loaded machine time.
        const again = await start(dataDir, { cwd: checkout });
        await signUpAndLogIn(again.baseUrl, 'root@example.com', 'keep password'); // the old account is gone
        again.child.kill('SIGTERM');
        expect(await again.exited).toBe(0);

        // npm run reset removes the embedded data wherever it lives.
        const reset = await npmRun(['reset'], { DATA_DIR: dataDir }, checkout);
        expect(reset.output).toContain(join(staged, '..'));
        expect(reset.code).toBe(0);
        expect(existsSync(staged)).toBe(false);
        expect(existsSync(dataDir)).toBe(false);
      } finally {
        killLeftovers(dataDir);
        if (existsSync(join(dataDir, 'postgres.location')))
          rmSync(join(clusterDir(dataDir), '..'), { recursive: true, force: true });
        rmSync(home, { recursive: true, force: true });
      }
    },
  );
});
