import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedPostgres } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { startServiceProcess } from './support/service-process.js';

/** The zero-setup mode: the service starts its own PostgreSQL in DATA_DIR, through the real entry point. */
vi.setConfig({ testTimeout: 120_000 });
const root = mkdtempSync(join(tmpdir(), 'feedline-embedded-'));
chmodSync(root, 0o755);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the embedded database', () => {
  it('keeps data across restarts and recovers by itself after a kill -9', async () => {
    const env = { DATA_DIR: join(root, 'data') };
    const first = await startServiceProcess(env, { unset: ['DATABASE_URL'] });
    const body = {
      email: 'keep@example.com',
      password: 'keep password',
      passwordValidation: 'keep password',
      firstName: 'K',
      lastName: 'P',
    };
    const signup = await fetch(`${first.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(signup.status).toBe(200);
    first.child.kill('SIGKILL'); // its PostgreSQL lives on, holding postmaster.pid
    await first.exited;

    const second = await startServiceProcess(env, { unset: ['DATABASE_URL'] });
    try {
      const login = await fetch(`${second.baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: body.email, password: body.password }),
      });
      expect(login.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it.skipIf(process.getuid?.() !== 0)(
    'as root, refuses a DATA_DIR the postgres user cannot reach, saying what to do',
    async () => {
      const closed = join(root, 'closed');
      mkdirSync(closed, { mode: 0o700 });
      await expect(startEmbeddedPostgres(join(closed, 'data', 'postgres'), createLogger('silent'))).rejects.toThrow(
        /cannot enter .*closed.*DATA_DIR/s,
      );
    },
  );
});
