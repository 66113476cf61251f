import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/db.js';

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<number | null>;
  /** The `msg` of every JSON log line the service (and its workers) printed so far. */
  logs: string[];
}

/** Starts the real entry point (src/main.ts) as its own process, as `npm start` does. */
export async function startServiceProcess(
  env: Record<string, string>,
  { unset = [] }: { unset?: string[] } = {},
): Promise<ServiceProcess> {
  const port = await freePort();
  const inherited = { ...process.env };
  for (const name of unset) delete inherited[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'process-test-secret-at-least-32-bytes-long',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logs: string[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) logs.push(/"msg":"([^"]*)"/.exec(line)?.[1] ?? line);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('service did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, exited, logs };
}
