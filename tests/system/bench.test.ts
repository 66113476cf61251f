import { spawn } from 'node:child_process';
import { describe, expect, inject, it, vi } from 'vitest';
import { adminQuery } from '../support/database.js';

/** `npm run bench` where there is no yardstick: a stand-alone load test, cleaned up after. */
vi.setConfig({ testTimeout: 600_000 });
const { adminUrl } = inject('database');

function npmRun(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run bench without the yardstick', () => {
  it('seeds its own data, drives every scenario for --duration, prints req/s, p50 and p99, drops its database', async () => {
    const run = await npmRun(['bench', '--', '--duration', '1', '--connections', '2', '--scale', '0.002'], {
      YARDSTICK_DIR: '/nonexistent-yardstick',
      DATABASE_URL: adminUrl,
    });
    expect(run.output, run.output).toContain('running the stand-alone load test');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/\| scenario +\| req\/s \| p50 ms \| p99 ms \| +failed \|/);
    for (const scenario of [
      'GET /posts/{id}',
      'GET /posts?limit=20',
      'GET /posts/followed?limit=20',
      'GET /users/{id}',
      'GET /users/me',
      'POST /posts',
      'POST+DELETE /posts/{id}/like',
    ])
      expect(run.output).toMatch(
        // Failures stay under the bench's own bound (0.5 %), which its exit code 0 above holds it to.
        new RegExp(`\\| ${scenario.replace(/[?+{}/]/g, '\\$&')} +\\| +[\\d,]+ \\| +\\d+ \\| +\\d+ \\| +\\d+/\\d+ \\|`),
      );
    const { rows } = await adminQuery(
      adminUrl,
      "select datname from pg_database where datname like 'feedline_bench_%'",
    );
    expect(rows).toEqual([]);
  });
});
