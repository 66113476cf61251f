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

/** The state folder: `--state-dir <folder>` when given, else .state/ in the checkout. */
export function stateDirFrom(given: string | undefined): string {
  return given === undefined ? join(CHECKOUT, '.state') : resolve(given);
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
