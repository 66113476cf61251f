/**
 * The one way tests, benchmarks and scripts start Feedline as a process of its own and wait for
 * its /readyz: from source (tsx), as the README does (`npm start`), or from a build (dist/).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
  /** The `msg` of every JSON log line it printed so far (with `output: 'capture'`). */
  logs: string[];
  /** What it printed on stderr (with `output: 'capture'`). */
  stderr: () => string;
  /** Sends `signal` (SIGTERM unless given) unless it has exited, then waits for its exit. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

export interface SpawnServiceOptions {
  /** Its whole environment (nothing is inherited that is not here); PORT is `port`, HOST 127.0.0.1. */
  env: NodeJS.ProcessEnv;
  port: number;
  /** `source`: node --import tsx src/app/main.ts; `npm`: npm start; `build`: node dist/src/app/main.js. */
  from?: 'source' | 'npm' | 'build';
  /** The folder it starts in: the checkout unless given. */
  cwd?: string;
  /** Capture stdout's log lines and stderr (the default), pass both through, drop both, or pass stderr only. */
  output?: 'capture' | 'inherit' | 'ignore' | 'stderr';
  /** Further spawn options: uid and gid, a process group of its own (`detached`). */
  spawn?: Pick<SpawnOptions, 'uid' | 'gid' | 'detached'>;
}

const COMMANDS = {
  source: [process.execPath, ['--import', 'tsx', 'src/app/main.ts']],
  npm: ['npm', ['start', '--silent']],
  build: [process.execPath, ['dist/src/app/main.js']],
} as const;

const STDIO = {
  capture: ['pipe', 'pipe'],
  inherit: ['inherit', 'inherit'],
  ignore: ['ignore', 'ignore'],
  stderr: ['ignore', 'inherit'],
} as const;

/** Spawns the service; it is not ready yet (untilReady). */
export function spawnService({
  env,
  port,
  from = 'source',
  cwd = ROOT,
  output = 'capture',
  spawn: extra = {},
}: SpawnServiceOptions): ServiceProcess {
  const [command, args] = COMMANDS[from];
  const child = spawn(command, [...args], {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', STDIO[output][0], STDIO[output][1]],
    ...extra,
  });
  const logs: string[] = [];
  let stderr = '';
  if (output === 'capture') {
    let pending = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) logs.push(/"msg":"([^"]*)"/.exec(line)?.[1] ?? line);
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { child, baseUrl: `http://127.0.0.1:${port}`, exited, logs, stderr: () => stderr, stop };
}

export function isReady(baseUrl: string): Promise<boolean> {
  return fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
    (r) => r.ok,
    () => false,
  );
}

/** The service once its /readyz answers 200; throws when it exits first, or is not ready within `timeoutMs` (then killed). */
export async function untilReady(service: ServiceProcess, timeoutMs = 120_000): Promise<ServiceProcess> {
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (service.child.exitCode !== null) {
      throw new Error(`the service exited with ${service.child.exitCode} before it was ready: ${service.stderr()}`);
    }
    if (await isReady(service.baseUrl)) return service;
    if (Date.now() > deadline) {
      await service.stop('SIGKILL');
      throw new Error(`the service was not ready within ${timeoutMs / 1000} s: ${service.stderr()}`);
    }
  }
}

/** spawnService, then untilReady. */
export const startService = (options: SpawnServiceOptions, timeoutMs?: number) =>
  untilReady(spawnService(options), timeoutMs);
