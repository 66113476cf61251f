import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/platform/config.js';
import { liveStreamsCap, openFilesLimit, OTHER_DESCRIPTORS } from '../../../src/platform/open-files.js';

/** LIVE_STREAMS_MAX is held under `ulimit -n`, so the stream past it is a 429, not a refused connection. */
describe('the live-stream cap and the open-files limit', () => {
  const config = parseEnv({ LIVE_STREAMS_MAX: '5000', DB_POOL_MAX: '10', STREAMS_MAX: '3' });

  it('lowers LIVE_STREAMS_MAX under the limit, keeping the pools, the large answers and the rest', () => {
    expect(liveStreamsCap(config, 1024)).toBe(1024 - 10 - 3 - OTHER_DESCRIPTORS);
    const replicas = { ...config, DATABASE_REPLICA_URLS: ['postgres://a/x', 'postgres://b/x'] };
    expect(liveStreamsCap(replicas, 1024)).toBe(1024 - 30 - 3 - OTHER_DESCRIPTORS);
  });

  it('keeps LIVE_STREAMS_MAX when it fits, when unlimited or unknown, and never goes under 1', () => {
    expect(liveStreamsCap(config, 1_048_576)).toBe(5000);
    expect(liveStreamsCap(config, Infinity)).toBe(5000);
    expect(liveStreamsCap(config, undefined)).toBe(5000);
    expect(liveStreamsCap(config, 64)).toBe(1);
  });

  it('reads the soft limit from /proc/self/limits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feedline-limits-'));
    try {
      const file = join(dir, 'limits');
      const line = (soft: string) =>
        `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 4096                 files\n`;
      writeFileSync(file, line('256'));
      expect(openFilesLimit(file)).toBe(256);
      writeFileSync(file, line('unlimited'));
      expect(openFilesLimit(file)).toBe(Infinity);
      expect(openFilesLimit(join(dir, 'missing'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (process.platform === 'linux') expect(openFilesLimit()).toBeGreaterThan(0);
  });
});
