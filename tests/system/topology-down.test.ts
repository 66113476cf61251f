import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { missingPackages } from '../../scripts/topology.js';

/**
 * `npm run topology -- down` stops a running `up`, as `npm run ha -- down` does, and both find the
 * run by its record in a state folder (the checkout's .state/, or --state-dir), never a machine-wide
 * file: a `down` for another folder leaves it running.
 */
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });
const off = process.env.TOPOLOGY_TESTS === 'off';
const missing = off ? 'TOPOLOGY_TESTS=off' : missingPackages();
if (missing && !off && process.env.CI) throw new Error(`topology-down.test.ts needs: ${missing}`);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-state-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
/** Runs a script to its end. Not spawnSync: the run it stops is this process's child, reaped only while it waits. */
function script(name: string, ...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], { stdio: 'pipe' });
  let [stdout, stderr] = ['', ''];
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  return new Promise((done) => child.once('close', () => done({ stdout, stderr })));
}

describe.skipIf(missing)('npm run topology -- down', () => {
  it('stops the run recorded in its state folder, and only that one', async () => {
    const [mine, other] = [folder(), folder()];
    const up = spawn(process.execPath, ['--import', 'tsx', 'scripts/topology.ts', 'up', '--state-dir', mine], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
    });
    const exited = new Promise<number | null>((done) => up.once('exit', done));
    cleanups.push(() => void (up.exitCode === null && up.kill('SIGTERM')));
    let output = '';
    for (const stream of [up.stdout, up.stderr])
      stream.setEncoding('utf8').on('data', (text: string) => (output += text));
    for (const deadline = Date.now() + 180_000; !output.includes('topology: up');) {
      expect(up.exitCode, output).toBeNull();
      expect(Date.now() < deadline, output).toBe(true);
      await new Promise((done) => setTimeout(done, 250));
    }
    const record = JSON.parse(readFileSync(join(mine, 'topology.json'), 'utf8')) as { pid: number; folder: string };
    expect(record.pid).toBe(up.pid);
    expect(existsSync(record.folder)).toBe(true);

    expect((await script('topology', 'down', '--state-dir', other)).stdout).toContain('none is running');
    expect(up.exitCode).toBeNull();

    const down = await script('topology', 'down', '--state-dir', mine);
    expect(down.stdout, down.stderr).toContain('topology: stopped');
    expect(await exited).toBe(0);
    expect(existsSync(record.folder)).toBe(false);
    expect(existsSync(join(mine, 'topology.json'))).toBe(false);
  });
});

describe('npm run ha -- down', () => {
  it('stops the run recorded in its state folder, not one of another', async () => {
    const [mine, other] = [folder(), folder()];
    // A stand-in for a running `npm run ha`: what down does is signal the recorded pid and wait.
    const running = spawn('sleep', ['600'], { stdio: 'ignore' });
    cleanups.push(() => void running.kill('SIGKILL'));
    const exited = new Promise((done) => running.once('exit', (_code, signal) => done(signal)));
    writeFileSync(join(mine, 'ha.json'), JSON.stringify({ pid: running.pid, folder: mine }));

    expect((await script('ha', 'down', '--state-dir', other)).stdout).toContain('no HA topology is running');
    expect(running.exitCode === null && running.signalCode === null).toBe(true);
    expect((await script('ha', 'down', '--state-dir', mine)).stdout).toContain('the HA topology stopped');
    expect(await exited).toBe('SIGTERM');
  });
});
