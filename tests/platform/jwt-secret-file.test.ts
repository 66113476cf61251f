import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseEnv } from '../../src/platform/config.js';

const dir = mkdtempSync(join(tmpdir(), 'feedline-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a jwt-secret file in DATA_DIR', () => {
  it('shorter than 32 bytes is refused, as JWT_SECRET is', () => {
    writeFileSync(join(dir, 'jwt-secret'), 'short-secret\n', { mode: 0o600 });
    expect(() => loadConfig(parseEnv({ DATA_DIR: dir }))).toThrow(/jwt-secret: must be at least 32 bytes/);
  });

  it('of 32 bytes or more is used', () => {
    writeFileSync(join(dir, 'jwt-secret'), `${'k'.repeat(32)}\n`, { mode: 0o600 });
    expect(loadConfig(parseEnv({ DATA_DIR: dir })).JWT_SECRET).toBe('k'.repeat(32));
  });
});
