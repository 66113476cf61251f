import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every script and bench of package.json that takes options answers `--help` with its usage (exit 0)
 * and refuses an unknown option in one line and the usage (exit 2), starting nothing either way.
 */
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const COMMANDS = Object.entries(scripts)
  .filter(([name]) => ['chaos', 'ha', 'topology', 'reset', 'seed'].includes(name) || name.startsWith('bench'))
  .map(([name, line]) => {
    const file = /^node --import tsx (\S+\.ts)$/.exec(line)?.[1];
    if (!file) throw new Error(`npm run ${name} is not 'node --import tsx <file>': ${line}`);
    // Without --standalone, npm run bench hands its options to the yardstick's side-by-side script.
    return { name, args: [file, ...(name === 'bench' ? ['--standalone'] : [])] };
  });

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the command lines of scripts/ and bench/', () => {
  it('covers chaos, ha, topology, reset, seed and every bench', () => {
    expect(COMMANDS.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['chaos', 'ha', 'topology', 'reset', 'seed', 'bench', 'bench:live', 'bench:attack']),
    );
  });

  it.each(COMMANDS)('npm run $name -- --help prints its usage and exits 0', async ({ name, args }) => {
    const { code, stdout, stderr } = await run([...args, '--help']);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain(`npm run ${name}`);
  });

  it.each(COMMANDS)(
    'npm run $name -- --no-such-option is refused in one line and the usage',
    async ({ name, args }) => {
      const { code, stdout, stderr } = await run([...args, '--no-such-option']);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      const [first, ...usage] = stderr.trimEnd().split('\n');
      expect(first).toBe("Unknown option '--no-such-option'");
      expect(usage.join('\n')).toContain(`npm run ${name}`);
      expect(stderr).not.toMatch(/^\s+at /m);
    },
  );
});
