/**
 * npm run bench:live [-- --subscribers 1000 --rate 10 --seconds 30 --workers 2]
 *
 * Live streams under load: the service in cluster mode (WEB_CONCURRENCY workers sharing the
 * port), N concurrent GET /live/feed subscribers spread over the workers, one author writing
 * posts at a steady rate. Reports commit-to-delivery latency (the post's createdAt, stamped by
 * PostgreSQL in the writing transaction, to the instant a subscriber has the whole event; one
 * machine, one clock), deliveries per second, missing deliveries, and each process's RSS.
 * Uses DATABASE_URL when set (an existing, migrated-or-empty database), else an embedded
 * PostgreSQL in a temporary folder. Not part of CI.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/platform/ports.js';
import { spawnService, untilReady } from '../scripts/service-process.js';
import { subscribe as subscribeTo } from './support.js';
import { commandLine } from '../scripts/command-line.js';

const USAGE = `npm run bench:live -- [--subscribers 1000] [--rate 10] [--seconds 30] [--workers 2]`;
const { values } = commandLine(USAGE, {
  subscribers: { type: 'string', default: '1000' },
  rate: { type: 'string', default: '10' },
  seconds: { type: 'string', default: '30' },
  workers: { type: 'string', default: '2' },
});
const SUBSCRIBERS = Number(values.subscribers);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const STREAMS_PER_USER = 10;
const PASSWORD = 'bench live password';

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = process.env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'feedline-bench-live-'));
// Searchable by the postgres OS user (as root), so the cluster lives inside it and goes with it.
if (dataDir) chmodSync(dataDir, 0o711);
const service = spawnService({
  port,
  output: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: values.workers,
    ...(dataDir && { DATA_DIR: dataDir }),
    JWT_SECRET: 'bench-live-secret-at-least-32-bytes-long',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    SIGNUPS_PER_ADDRESS: '1000000',
    LOGIN_FAILURES_PER_ADDRESS: '1000000',
    WRITE_LIMITS: 'off',
    WRITES_PER_USER: '1000000000',
    MAX_IN_FLIGHT_PER_USER: '1000000',
    MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
    ARGON2_QUEUE_MAX: '1000000',
    ARGON2_QUEUE_PER_ADDRESS: '1000000',
    LIVE_STREAMS_PER_USER: String(STREAMS_PER_USER),
    LIVE_STREAMS_MAX: String(SUBSCRIBERS),
  },
});

async function stopService(): Promise<void> {
  await service.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopService().then(() => process.exit(130)));

async function call<T>(method: string, path: string, body?: object, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body && JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function account(name: string): Promise<{ id: number; token: string }> {
  const email = `${name}-${port}@bench.feedline.dev`;
  const user = { email, password: PASSWORD, passwordValidation: PASSWORD, firstName: name, lastName: 'Bench' };
  const { id } = await call<{ id: number }>('POST', '/auth/signup', user);
  const { token } = await call<{ token: string }>('POST', '/auth/login', { email, password: PASSWORD });
  return { id, token };
}

/** Delivery instants per post id, over every subscriber. */
const deliveries = new Map<number, number[]>();
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

const subscribe = (token: string) => subscribeTo(baseUrl, agent, token, deliveries).then(() => undefined);

function rssMiB(pid: number): number {
  const kib = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kib) / 1024);
}

function processTree(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [pid, ...children.map(Number)];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

try {
  await untilReady(service, 120_000);
  const author = await account('author');
  const readers = await Promise.all(
    Array.from({ length: Math.ceil(SUBSCRIBERS / STREAMS_PER_USER) }, (_, i) => account(`reader${i}`)),
  );
  await Promise.all(readers.map((reader) => call('POST', `/users/${author.id}/follow`, undefined, reader.token)));
  const tokens = Array.from({ length: SUBSCRIBERS }, (_, i) => readers[i % readers.length]!.token);
  for (let i = 0; i < tokens.length; i += 100) await Promise.all(tokens.slice(i, i + 100).map(subscribe));
  console.log(
    `${SUBSCRIBERS} subscribers connected over ${values.workers} workers; writing ${RATE} posts/s for ${SECONDS} s`,
  );

  const createdAt = new Map<number, number>();
  const started = Date.now();
  const writes: Promise<void>[] = [];
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    writes.push(
      call<{ id: number; createdAt: string }>(
        'POST',
        '/posts',
        { title: `live ${i}`, content: 'bench' },
        author.token,
      ).then((post) => void createdAt.set(post.id, Date.parse(post.createdAt))),
    );
  }
  await Promise.all(writes);
  // Let the last deliveries land.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
    if ([...createdAt.keys()].every((id) => (deliveries.get(id)?.length ?? 0) >= SUBSCRIBERS)) break;
  const elapsed = (Date.now() - started) / 1000;
  const rss = processTree(service.child.pid!).map((pid) => `${pid}: ${rssMiB(pid)} MiB`);

  const latencies = [...createdAt].flatMap(([id, at]) => (deliveries.get(id) ?? []).map((t) => t - at));
  latencies.sort((a, b) => a - b);
  const expected = createdAt.size * SUBSCRIBERS;
  console.log(
    JSON.stringify(
      {
        subscribers: SUBSCRIBERS,
        workers: Number(values.workers),
        posts: createdAt.size,
        deliveries: latencies.length,
        missing: expected - latencies.length,
        deliveriesPerSecond: Math.round(latencies.length / elapsed),
        latencyMs: {
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          max: latencies.at(-1),
        },
        rss: { primaryThenWorkers: rss },
      },
      null,
      2,
    ),
  );
} finally {
  agent.destroy();
  await stopService();
}
