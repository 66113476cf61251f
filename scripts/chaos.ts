/**
 * npm run chaos [-- --seconds 3 --writers 16 --database-url postgres://…]   (not in CI)
 *
 * Writes posts and likes at full speed, kill -9s the service mid-stream, restarts it, and checks
 * that every write acknowledged with a 2xx is in the database and nothing is half-written.
 *
 * npm run chaos -- --failover [--runs 3]
 *
 * The same audit across a PostgreSQL failover: two nodes on the Patroni cluster of `npm run ha`,
 * the leader node killed and then switched over, `runs` times.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { parseEnv } from '../src/platform/config.js';
import { startDatabase } from '../src/db/db.js';
import { createLogger } from '../src/platform/logger.js';
import { commandLine } from './command-line.js';
import { startService as startServiceProcess, type ServiceProcess } from './service-process.js';

const USAGE = `npm run chaos -- [--seconds 3] [--writers 16] [--database-url URL]
npm run chaos -- --failover [--runs 3]     (on the cluster of npm run ha)`;
const { values: args } = commandLine(USAGE, {
  seconds: { type: 'string', default: '3' },
  writers: { type: 'string', default: '16' },
  'database-url': { type: 'string' },
  failover: { type: 'boolean', default: false },
  runs: { type: 'string', default: '3' },
});
if (args.failover) {
  const { chaosFailover } = await import('./ha/chaos-failover.js');
  process.exit(await chaosFailover(Number(args.runs), ['node', 'switchover']));
}
const PORT = 3960;
const base = `http://127.0.0.1:${PORT}`;
const env = parseEnv(process.env);
const server = await startDatabase({
  share: true,
  databaseUrl: args['database-url'] ?? env.DATABASE_URL,
  dataDir: `${env.DATA_DIR}/chaos`,
  logger: createLogger('warn'),
});
const admin = new pg.Client({ connectionString: server.url });
await admin.connect();
await admin.query('drop database if exists feedline_chaos with (force)');
await admin.query('create database feedline_chaos');
await admin.end();
const databaseUrl = Object.assign(new URL(server.url), { pathname: '/feedline_chaos' }).toString();

function startService(): Promise<ServiceProcess> {
  return startServiceProcess({
    port: PORT,
    output: 'stderr',
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      JWT_SECRET: 'chaos-secret-chaos-secret-chaos-secret-0123',
      WRITE_LIMITS: 'off', // writes at full speed, as few users
      WRITES_PER_USER: '100000000',
      MAX_IN_FLIGHT_PER_USER: '1000000',
      MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
      ARGON2_QUEUE_MAX: '1000000',
      ARGON2_QUEUE_PER_ADDRESS: '1000000',
    },
  });
}

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let service = await startService();
const email = `chaos-${randomUUID()}@example.com`;
const password = 'chaos password';
await post('/auth/signup', { email, password, passwordValidation: password, firstName: 'Chaos', lastName: 'Monkey' });
const { token } = (await (await post('/auth/login', { email, password, longExpiration: true })).json()) as {
  token: string;
};

const run = randomUUID().slice(0, 8);
const acknowledgedPosts = new Map<number, string>();
const acknowledgedLikes = new Set<number>();
let failures = 0;
let writing = true;

async function writer(n: number) {
  for (let i = 0; writing; i++) {
    const title = `${run}-${n}-${i}`;
    try {
      const res = await post('/posts', { title, content: `content of ${title}` }, token);
      if (res.status !== 201) continue;
      const { id } = (await res.json()) as { id: number };
      acknowledgedPosts.set(id, title);
      if ((await post(`/posts/${id}/like`, undefined, token)).status === 200) acknowledgedLikes.add(id);
    } catch {
      failures++; // the service is gone: expected after the kill
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const writers = Array.from({ length: Number(args.writers) }, (_, n) => writer(n));
await new Promise((r) => setTimeout(r, Number(args.seconds) * 1000));
await service.stop('SIGKILL');
console.log(`kill -9 after ${args.seconds} s`);
await new Promise((r) => setTimeout(r, 300));
writing = false;
await Promise.all(writers);
service = await startService();
console.log('restarted');

const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const { rows: posts } = await db.query<{ id: number; title: string; content: string }>(
  `select id, title, content from posts where title like $1`,
  [`${run}-%`],
);
const { rows: likes } = await db.query<{ post_id: number }>(
  `select post_id from post_likes where post_id = any($1::int[])`,
  [[...acknowledgedPosts.keys()]],
);
const stored = new Map(posts.map((p) => [p.id, p]));
const likedIds = new Set(likes.map((l) => l.post_id));
const lostPosts = [...acknowledgedPosts].filter(([id, title]) => stored.get(id)?.title !== title);
const lostLikes = [...acknowledgedLikes].filter((id) => !likedIds.has(id));
const halfWritten = posts.filter((p) => p.content !== `content of ${p.title}`);
const unacknowledged = posts.filter((p) => !acknowledgedPosts.has(p.id)).length;

console.table({
  posts: {
    acknowledged: acknowledgedPosts.size,
    found: acknowledgedPosts.size - lostPosts.length,
    lost: lostPosts.length,
  },
  likes: {
    acknowledged: acknowledgedLikes.size,
    found: acknowledgedLikes.size - lostLikes.length,
    lost: lostLikes.length,
  },
});
console.log(`stored but never acknowledged (the answer died with the process): ${unacknowledged}`);
console.log(`half-written posts: ${halfWritten.length}; requests that failed while the service was down: ${failures}`);
await db.end();
await service.stop('SIGTERM');
await server.stop();
process.exit(lostPosts.length + lostLikes.length + halfWritten.length === 0 ? 0 : 1);
