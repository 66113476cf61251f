import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import pg from 'pg';
import type { HaCluster } from './cluster.js';
import { freePort } from '../../src/ports.js';

export interface FeedlineNode {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a Feedline node as its own process and waits for /readyz; its output goes to `logFile` when given. */
export async function startFeedlineNode(env: NodeJS.ProcessEnv, logFile?: string): Promise<FeedlineNode> {
  const port = await freePort();
  const log = logFile ? openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', log, logFile ? log : 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) throw new Error(`node exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('node did not become ready');
    }
  }
  return {
    baseUrl,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Creates `database` on the cluster and starts two Feedline nodes on it (writes through HAProxy's
 * write port, reads through its read port), one after the other: the first applies the migrations.
 */
export async function startNodesOnCluster(
  cluster: HaCluster,
  database: string,
  env: NodeJS.ProcessEnv = {},
  logFiles: (string | undefined)[] = [],
): Promise<FeedlineNode[]> {
  const admin = new pg.Client({ connectionString: cluster.writeUrl() });
  await admin.connect();
  await admin.query(`create database ${database}`).finally(() => admin.end());
  const nodeEnv = {
    DATABASE_URL: cluster.writeUrl(database),
    DATABASE_REPLICA_URLS: cluster.readUrl(database),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ...env,
  };
  const nodes = [await startFeedlineNode(nodeEnv, logFiles[0])];
  nodes.push(await startFeedlineNode(nodeEnv, logFiles[1]));
  return nodes;
}
