import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { initORM } from '../../src/db/db.js';
import { startEmbeddedPostgres, type Database } from '../../src/db/embedded/embedded-postgres.js';
import { createLogger } from '../../src/platform/logger.js';
import { expectApiError } from '../support/fixtures.js';
import { Harness, type TestUser } from '../support/harness.js';

/**
 * A private PostgreSQL, started and stopped by this test (never the shared server), goes away in
 * the middle of traffic and comes back; the service must answer 503 quickly, then recover alone.
 */
// Starting PostgreSQL twice on a loaded 2-core machine can take a while; nothing here is timed
// against these limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const dir = mkdtempSync(join(tmpdir(), 'feedline-outage-'));
chmodSync(dir, 0o755);
const logger = createLogger('silent');
// What the app logs at warn and above, and what anything prints to the console meanwhile.
const appLines: { level: number; msg: string; source?: string }[] = [];
const appLogger = createLogger('warn', { write: (line: string) => void appLines.push(JSON.parse(line)) });
const consoleLines: string[] = [];
let database: Database | undefined;
let port: number;
let h: Harness;
let user: TestUser;
let traffic = false;
let background: Promise<void> = Promise.resolve();

beforeAll(async () => {
  database = await startEmbeddedPostgres(dir, logger);
  port = Number(new URL(database.url).port);
  await (await initORM({ clientUrl: database.url })).close();
  // Two large answers of the user's at once: the background traffic's unpaged list and the checks'.
  h = await Harness.attach(database.url, { DB_ACQUIRE_TIMEOUT_MS: '1500', STREAMS_PER_USER: '2' }, appLogger);
  for (const method of ['log', 'warn', 'error', 'info'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void consoleLines.push(args.join(' ')));
  }
  user = await h.user();
});
afterAll(async () => {
  // Also after a failure: stop the traffic, the app, the private server, and remove its files.
  traffic = false;
  await background.catch(() => {});
  try {
    // Bounded: a close stuck on a broken connection must not keep the private server running.
    await Promise.race([h?.close(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  } finally {
    await database?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('when the database goes away mid-traffic', () => {
  it('answers 503 JSON fast (never 500, never a hang), /readyz says 503, and recovers without a restart', async () => {
    const statuses: number[] = [];
    traffic = true;
    background = (async () => {
      while (traffic) statuses.push((await h.request('GET', '/posts', { token: user.token })).status);
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));

    await database!.stop();
    database = undefined;
    const started = performance.now();
    const during = await h.request('GET', '/posts', { token: user.token });
    expectApiError(during, 503, 'SERVICE_UNAVAILABLE');
    expect(performance.now() - started).toBeLessThan(6_000);
    const write = await h.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c' } });
    expectApiError(write, 503, 'SERVICE_UNAVAILABLE');
    const ready = await h.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable' });

    database = await startEmbeddedPostgres(dir, logger, { port });
    let recovered = false;
    for (const deadline = Date.now() + 15_000; !recovered && Date.now() < deadline;) {
      recovered = (await h.request('GET', '/posts', { token: user.token })).status === 200;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(true);
    expect((await h.request('GET', '/readyz')).status).toBe(200);
    expect((await h.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c' } })).status).toBe(
      201,
    );

    traffic = false;
    await background;
    expect(statuses.length).toBeGreaterThan(5);
    expect(new Set(statuses.filter((status) => status !== 200 && status !== 503))).toEqual(new Set());

    // knex's own "Connection Error" warnings come through the app's logger, never the console.
    expect(consoleLines.filter((line) => /Connection Error/.test(line))).toEqual([]);
    expect(appLines.filter((line) => line.source === 'knex' && /Connection Error/.test(line.msg))).not.toEqual([]);
  });
});
