import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/platform/config.js';
import { assertEmbeddedPostgresUsable } from '../../src/db/embedded/embedded-postgres.js';

const run = promisify(execFile);
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-config-'));
  tempDirs.push(dir);
  return dir;
};
// They hold generated JWT secrets: none may outlive the run.
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', DATA_DIR: '.data', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      parseEnv({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('DATABASE_URL');
    }
  });

  it('refuses a JWT_SECRET shorter than 32 bytes', () => {
    expect(() => parseEnv({ JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET: must be at least 32 bytes/);
  });

  it('refuses a MEDIA_PUBLIC_URL that answers could not carry as is (bounded in their worst case)', () => {
    expect(parseEnv({ MEDIA_PUBLIC_URL: 'https://cdn.example.com/media/' }).MEDIA_PUBLIC_URL).toBe(
      'https://cdn.example.com/media/',
    );
    for (const url of ['https://cdn.example.com/a"b/', 'https://cdn.example.com/a\\b/', 'https://bücher.example/']) {
      expect(() => parseEnv({ MEDIA_PUBLIC_URL: url }), url).toThrow(
        /MEDIA_PUBLIC_URL: must be printable ASCII, without quotes or backslashes/,
      );
    }
  });

  it('generates a secret once in DATA_DIR (mode 0600) and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig(parseEnv({ DATA_DIR: dir }));
    const second = loadConfig(parseEnv({ DATA_DIR: dir }));
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(43);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    const file = join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to start in production with an external database and no secret', () => {
    expect(() =>
      loadConfig(
        parseEnv({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db:5432/feedline', DATA_DIR: tempDir() }),
      ),
    ).toThrow(/JWT_SECRET: required in production/);
  });

  it('runs the embedded database in production only when EMBEDDED_POSTGRES=allow says so', () => {
    expect(() => assertEmbeddedPostgresUsable(parseEnv({ NODE_ENV: 'production' }))).toThrow(
      'NODE_ENV is production and DATABASE_URL is not set',
    );
    expect(() =>
      assertEmbeddedPostgresUsable(parseEnv({ NODE_ENV: 'production', EMBEDDED_POSTGRES: 'allow' })),
    ).not.toThrow();
    expect(() => assertEmbeddedPostgresUsable(parseEnv({}))).not.toThrow();
    expect(() => parseEnv({ EMBEDDED_POSTGRES: 'yes' })).toThrow(/EMBEDDED_POSTGRES/);
  });

  it('words its errors the same whatever was imported first', async () => {
    // A fresh process each: Zod's message configuration is process-wide, set at import.
    const portError = async (imports: string[]) =>
      (
        await run(
          process.execPath,
          [
            '--import',
            'tsx',
            '--input-type=module',
            '--eval',
            `${imports.map((module) => `await import('./src/${module}');`).join('')}
           const { parseEnv } = await import('./src/platform/config.ts');
           try { parseEnv({ PORT: '-5' }); } catch (error) { process.stdout.write(error.message); }`,
          ],
          { encoding: 'utf8' },
        )
      ).stdout;
    const [alone, afterSchemas] = await Promise.all([portError([]), portError(['trpc/schemas.ts'])]);
    expect(alone).toBe('Invalid configuration:\n  PORT: must be at least 0');
    expect(afterSchemas).toBe(alone);
  });
});

describe('METRICS_HOST', () => {
  it('keeps /metrics on the loopback unless told otherwise, whatever HOST is', async () => {
    const { listenForMetrics } = await import('../../src/app/server.js');
    const config = loadConfig(parseEnv({ HOST: '0.0.0.0', METRICS_PORT: '0', JWT_SECRET: 'x'.repeat(32) }));
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    const server = await listenForMetrics(config);
    try {
      expect(server.address()).toMatchObject({ address: '127.0.0.1' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(parseEnv({ METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
  });
});
