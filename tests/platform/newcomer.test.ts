import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadDotEnv, parseEnv } from '../../src/platform/config.js';
import { useHarness } from '../support/harness.js';

/** What a newcomer meets first: the front door, .env and its example. */
const h = useHarness();

describe('GET /', () => {
  it('redirects to the interactive API reference', async () => {
    const res = await fetch(`${h.baseUrl}/`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs');
  });
});

/** `#NAME=value` or `NAME=value` lines of .env.example, each after a comment line describing it. */
function exampleEntries(): Map<string, { value: string; described: boolean }> {
  const lines = readFileSync('.env.example', 'utf8').split('\n');
  const entries = new Map<string, { value: string; described: boolean }>();
  lines.forEach((line, index) => {
    const match = /^#?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) return;
    const previous = lines[index - 1] ?? '';
    const described = previous.startsWith('# ') && !/^#?[A-Z][A-Z0-9_]*=/.test(previous);
    expect(entries.has(match[1]!), `${match[1]} twice in .env.example`).toBe(false);
    entries.set(match[1]!, { value: match[2]!, described });
  });
  return entries;
}

describe('.env.example', () => {
  it('names every variable src/platform/config.ts reads, each with one line saying what it is', () => {
    const entries = exampleEntries();
    const missing = ENV_VARIABLES.filter((name) => !entries.has(name));
    expect(missing, 'variables src/platform/config.ts reads that .env.example lacks').toEqual([]);
    const unknown = [...entries.keys()].filter((name) => !(ENV_VARIABLES as string[]).includes(name));
    expect(unknown, 'variables in .env.example that src/platform/config.ts does not read').toEqual([]);
    const undescribed = [...entries].filter(([, entry]) => !entry.described).map(([name]) => name);
    expect(undescribed, 'variables without a description line above them').toEqual([]);
  });

  it('shows each default as the service applies it (an empty value: unset or computed at start)', () => {
    const defaults = parseEnv({}) as Record<string, unknown>;
    for (const [name, { value }] of exampleEntries()) {
      if (value === '') continue;
      const parsed = parseEnv({ [name]: value }) as Record<string, unknown>;
      expect(parsed[name], `${name}=${value} in .env.example`).toEqual(defaults[name]);
    }
  });
});

describe('.env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is read when present, never overrides the environment, and may be absent', () => {
    const file = join(dir, '.env');
    writeFileSync(file, 'FEEDLINE_DOTENV_A=from-file\nFEEDLINE_DOTENV_B=from-file\n');
    process.env.FEEDLINE_DOTENV_B = 'from-environment';
    try {
      loadDotEnv(file);
      expect(process.env.FEEDLINE_DOTENV_A).toBe('from-file');
      expect(process.env.FEEDLINE_DOTENV_B).toBe('from-environment');
      expect(() => loadDotEnv(join(dir, 'absent.env'))).not.toThrow();
    } finally {
      delete process.env.FEEDLINE_DOTENV_A;
      delete process.env.FEEDLINE_DOTENV_B;
    }
  });
});
