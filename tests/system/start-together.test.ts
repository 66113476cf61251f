import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { migrationsList } from '../../src/db/migrations/index.js';
import { adminQuery, createTestDatabase, withDatabase } from '../support/database.js';
import {
  serviceEnv,
  signUpAndLogIn,
  startServiceProcess,
  stopServiceProcesses,
  untilReady,
  type ServiceProcess,
} from '../support/service-process.js';

/**
 * Instances started at once on one fresh database: migrations run once, under a lock, and every
 * instance serves. Also the release step (`npm run migrate`) and MIGRATE_ON_START=false.
 */
vi.setConfig({ testTimeout: 180_000 });
const { adminUrl, runId } = inject('database');
const databases: string[] = [];
const running: ServiceProcess[] = [];
afterAll(async () => {
  await stopServiceProcesses(running.splice(0));
  for (const name of databases) await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
});

async function freshDatabase(): Promise<string> {
  const name = `${runId}_fresh_${randomUUID().slice(0, 8)}`;
  await createTestDatabase(adminUrl, name);
  databases.push(name);
  return withDatabase(adminUrl, name);
}

async function appliedMigrations(url: string): Promise<string[]> {
  const { rows } = await adminQuery(url, 'select name from mikro_orm_migrations order by name');
  return (rows as { name: string }[]).map((row) => row.name);
}

/** Each service's start, whether it served or failed; all are kept for the cleanup. */
async function startAll(count: number, env: Record<string, string>): Promise<PromiseSettledResult<ServiceProcess>[]> {
  return Promise.allSettled(
    Array.from({ length: count }, async () => {
      const service = await startServiceProcess(env, { noWait: true });
      running.push(service);
      return untilReady(service);
    }),
  );
}

describe('instances starting together', () => {
  it('four instances on a fresh database: migrations run once, every instance serves', async () => {
    const url = await freshDatabase();
    const started = await startAll(4, { DATABASE_URL: url });
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    for (const [i, service] of running.entries()) {
      await signUpAndLogIn(service.baseUrl, `together-${i}-${randomUUID()}@example.com`, 'correct horse battery');
    }
    expect(await appliedMigrations(url)).toEqual(migrationsList.map((m) => m.name));
    await stopServiceProcesses(running.splice(0));
  });
});

describe('migrations as a release step', () => {
  it('MIGRATE_ON_START=false refuses an unmigrated database; after npm run migrate it serves', async () => {
    const url = await freshDatabase();
    const refused = await startServiceProcess({ DATABASE_URL: url, MIGRATE_ON_START: 'false' }, { noWait: true });
    running.push(refused);
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain('npm run migrate');
    running.splice(running.indexOf(refused), 1);

    const migrate = spawn('npm', ['run', '--silent', 'migrate'], {
      env: serviceEnv({ DATABASE_URL: url }, 0),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    migrate.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => migrate.once('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(await appliedMigrations(url)).toEqual(migrationsList.map((m) => m.name));

    const service = await startServiceProcess({ DATABASE_URL: url, MIGRATE_ON_START: 'false' });
    running.push(service);
    await signUpAndLogIn(service.baseUrl, `released-${randomUUID()}@example.com`, 'correct horse battery');
  });
});
