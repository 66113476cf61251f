import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initORM, startEmbeddedPostgres, type Database } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { expectApiError } from './support/expect.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * A private PostgreSQL, started and stopped by this test (never the shared server), goes away in
 * the middle of traffic and comes back; the service must answer 503 quickly, then recover alone.
 */
const dir = mkdtempSync(join(tmpdir(), 'feedline-outage-'));
chmodSync(dir, 0o755);
const logger = createLogger('silent');
let database: Database;
let port: number;
let h: Harness;
let user: TestUser;

beforeAll(async () => {
  database = await startEmbeddedPostgres(join(dir, 'postgres'), logger);
  port = Number(new URL(database.url).port);
  await (await initORM({ clientUrl: database.url })).close();
  h = await Harness.attach(database.url, { DB_ACQUIRE_TIMEOUT_MS: '1500' });
  user = await h.user();
});
afterAll(async () => {
  await h?.close();
  await database?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('when the database goes away mid-traffic', () => {
  it('answers 503 JSON fast (never 500, never a hang), /readyz says 503, and recovers without a restart', async () => {
    const statuses: number[] = [];
    let traffic = true;
    const background = (async () => {
      while (traffic) statuses.push((await h.request('GET', '/posts', { token: user.token })).status);
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));

    await database.stop();
    const started = performance.now();
    const during = await h.request('GET', '/posts', { token: user.token });
    expectApiError(during, 503, 'SERVICE_UNAVAILABLE');
    expect(performance.now() - started).toBeLessThan(6_000);
    const write = await h.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c' } });
    expectApiError(write, 503, 'SERVICE_UNAVAILABLE');
    const ready = await h.request('GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable' });

    database = await startEmbeddedPostgres(join(dir, 'postgres'), logger, { port });
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
  });
});
