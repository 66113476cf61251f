/**
 * The record of a running `npm run topology -- up` or `npm run ha` (its pid and folder), so that
 * `down` finds it: kept in `--state-dir <folder>` when given, else in .state/ under the checkout,
 * never in a machine-wide file (two checkouts, or two state folders, run side by side).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
const STOP_TIMEOUT_MS = 120_000;

export interface RunRecord {
  file: string;
  /** The pid of a live run recorded here, if any. */
  running(): number | undefined;
  write(folder: string): void;
  remove(): void;
  /** Stops the recorded run (SIGTERM) and waits for it to end; false when none runs. */
  stop(): Promise<boolean>;
}

/** `--state-dir <folder>` from the command line, and the arguments without it. */
export function stateDirOption(args: string[]): { stateDir: string; rest: string[] } {
  const i = args.indexOf('--state-dir');
  if (i < 0) return { stateDir: join(CHECKOUT, '.state'), rest: args };
  const given = args[i + 1];
  if (!given) throw new Error('--state-dir needs a folder');
  return { stateDir: resolve(given), rest: [...args.slice(0, i), ...args.slice(i + 2)] };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export function runRecord(stateDir: string, name: string): RunRecord {
  const file = join(stateDir, `${name}.json`);
  const read = (): { pid: number } | undefined => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
    } catch {
      return undefined;
    }
  };
  const running = () => {
    const pid = read()?.pid;
    return pid !== undefined && alive(pid) ? pid : undefined;
  };
  return {
    file,
    running,
    write: (folder) => {
      mkdirSync(stateDir, { recursive: true });
      writeFileSync(file, `${JSON.stringify({ pid: process.pid, folder, since: new Date().toISOString() })}\n`);
    },
    remove: () => rmSync(file, { force: true }),
    stop: async () => {
      const pid = running();
      if (pid === undefined) {
        rmSync(file, { force: true }); // a record of a run that died without removing it
        return false;
      }
      process.kill(pid, 'SIGTERM');
      for (const deadline = Date.now() + STOP_TIMEOUT_MS; alive(pid);) {
        if (Date.now() > deadline) throw new Error(`pid ${pid} did not stop within ${STOP_TIMEOUT_MS / 1000} s`);
        await new Promise((done) => setTimeout(done, 200));
      }
      return true;
    },
  };
}
