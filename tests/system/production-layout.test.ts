import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { adminQuery, createTestDatabase, withDatabase } from '../support/database.js';
import { signUpAndLogIn, spawnService, untilReady } from '../support/service-process.js';

/**
 * The container image's own steps, without a container (no registry is reachable here): the
 * Dockerfile's final stage replayed on a clean copy (package files, `npm ci --omit=dev`, the
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

describe.skipIf(!hasBuild)('the production layout (the Dockerfile final stage, without a container)', () => {
  it('the Dockerfile runs the compiled app with plain node, production dependencies only, as a non-root user', () => {
    const stage = finalStage();
    expect(stage).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(stage).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(stage).toMatch(/^USER (?!root)\w+$/m);
    expect(stage).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/readyz/m);
    expect(stage).toMatch(/^CMD \["node", "dist\/src\/app\/main\.js"\]$/m);
    expect(pkg.scripts.start).toMatch(/\bnode dist\/src\/app\/main\.js\b/);
    expect(pkg.dependencies, 'no TypeScript loader among the production dependencies').not.toHaveProperty('tsx');
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
    // COPY package.json package-lock.json ./ ; RUN npm ci --omit=dev ; COPY --from=build /app/dist ./dist
    for (const file of ['package.json', 'package-lock.json']) cpSync(file, join(app, file));
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
      cwd: app,
      stdio: 'inherit',
      env: { ...process.env, npm_config_prefer_offline: 'true' }, // the cache, where it has the package
    });
    cpSync('dist', join(app, 'dist'), { recursive: true });
    // TypeScript itself may be there: @trpc/server and @trpc/client name it as a peer dependency.
    for (const devOnly of ['tsx', 'vitest'])
      expect(existsSync(join(app, 'node_modules', devOnly)), `${devOnly} installed by npm ci --omit=dev`).toBe(false);
    execFileSync('chmod', ['-R', 'a-w', app]); // nothing in the app folder is writable, for anyone but root

    const name = `${runId}_${randomUUID().slice(0, 8)}`;
    await createTestDatabase(adminUrl, name); // empty: the compiled migrations run
    cleanups.push(() => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`).then(() => undefined));

    const port = await freePort();
    const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}; // nobody
    const service = spawnService({
      from: 'build',
      cwd: app,
      spawn: unprivileged,
      port,
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        NODE_ENV: 'production',
        DATABASE_URL: withDatabase(adminUrl, name),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        WEB_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
    });
    cleanups.push(async () => void (await service.stop('SIGKILL')));

    const { baseUrl } = await untilReady(service, 240_000);
    const readyz = await fetch(`${baseUrl}/readyz`);
    expect(readyz.status).toBe(200);
    await signUpAndLogIn(baseUrl, 'image@example.com', 'image password'); // argon2's native module loads too

    // What docker stop sends to PID 1.
    expect(await service.stop('SIGTERM'), `${service.logs.join('\n')}\n${service.stderr()}`).toBe(0);
  });
});
