/**
 * npm run bench [-- --duration 5 --rounds 3 --connections 32 --database-url postgres://…]
 *
 * Seeds a fresh database (10k users, 100k posts, 1M likes, 300k comments, 200k follows), starts the
 * service and the raw baseline (bench/baseline.ts), checks they return the same JSON, then drives
 * both with autocannon, alternating, and reports medians of requests/s and latency, and the ratio
 * service/baseline, for one process and for all cores. Results go to bench/results/ as JSON.
 * Not part of CI: it takes minutes and the numbers only mean something side by side.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { parseEnv } from '../src/config.js';
import { initORM, startDatabase } from '../src/db.js';
import { createLogger } from '../src/logger.js';
import { DEFAULT_COUNTS, SEED_PASSWORD, seed, seedEmail } from '../scripts/seed.js';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string' },
    'skip-seed': { type: 'boolean', default: false },
    /** Only row 6 (the full list: time and peak memory). */
    'memory-only': { type: 'boolean', default: false },
  },
});
const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const CORES = availableParallelism();
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const SERVICE_PORT = 3900;
const BASELINE_PORT = 3901;

const env = parseEnv(process.env);
const log = (...parts: unknown[]) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...parts);

// ---------------------------------------------------------------- database and data
const server = await startDatabase({
  databaseUrl: args['database-url'] ?? env.DATABASE_URL,
  dataDir: `${env.DATA_DIR}/bench`,
  logger: createLogger('warn'),
});
const adminUrl = new URL(server.url);
const benchUrl = new URL(server.url);
benchUrl.pathname = '/feedline_bench';
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
if (!args['skip-seed']) {
  await admin.query('drop database if exists feedline_bench with (force)');
  await admin.query('create database feedline_bench');
  await (await initORM({ clientUrl: benchUrl.toString() })).close();
  log('seeding', DEFAULT_COUNTS);
  const seeded = await seed(benchUrl.toString(), DEFAULT_COUNTS);
  log(`seeded ${seeded.rows} rows in ${seeded.seconds.toFixed(1)} s (${seeded.rate} rows/s)`);
}
await admin.end();

const db = new pg.Client({ connectionString: benchUrl.toString() });
await db.connect();
const scalar = async (sql: string) => Number(Object.values((await db.query(sql)).rows[0] ?? {})[0]);
// A popular post: 20+ likes and 10+ comments, at least 10 of them liked.
const popularPost = await scalar(`with l as (select post_id, count(*) n from post_likes group by 1),
  c as (select post_id, count(*) n from comments group by 1)
  select l.post_id from l join c using (post_id) where l.n >= 20 and c.n >= 10 order by l.n limit 1`);
await db.query(`insert into comment_likes (comment_id, user_id)
  select c.id, u from (select id from comments where post_id = ${popularPost} order by id limit 10) c, generate_series(1, 3) u
  on conflict do nothing`);
// An active user: a few dozen posts.
const activeUser = await scalar(
  `select author_id from posts group by 1 having count(*) between 20 and 50 order by count(*) desc limit 1`,
);
// The reader follows exactly 100 others.
const reader = DEFAULT_COUNTS.users - 1;
await db.query(`delete from follows where follower_id = ${reader}`);
await db.query(`insert into follows (follower_id, followed_id) select ${reader}, g from generate_series(1, 100) g`);
await db.query('analyze');
log({ popularPost, activeUser, reader });

// ---------------------------------------------------------------- processes
function startProcess(script: string, port: number, workers: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: benchUrl.toString(),
      JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(workers),
      WORKERS: String(workers),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/auth/login`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
        resolve(child);
      } catch {
        if (Date.now() > deadline) reject(new Error(`${script} did not start`));
        else setTimeout(poll, 200);
      }
    };
    void poll();
  });
}

async function stopProcess(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Peak resident memory of a process (VmHWM), in MB. */
const peakMemoryMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

// ---------------------------------------------------------------- requests
const service = `http://127.0.0.1:${SERVICE_PORT}`;
const baseline = `http://127.0.0.1:${BASELINE_PORT}`;

async function login(base: string) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: seedEmail(reader), password: SEED_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

interface Row {
  name: string;
  requests: (token: string) => autocannon.Request[];
  /** Per connection, e.g. a post of its own to like and unlike. */
  perConnection?: (index: number, token: string) => autocannon.Request[];
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const get = (path: string) => (token: string) => [{ method: 'GET' as const, path, headers: json(token) }];

/** Counts like/unlike runs, so each run toggles likes on posts of its own. */
let likeRuns = 0;

const ROWS: Row[] = [
  { name: '1. GET /posts/{id} (popular)', requests: get(`/posts/${popularPost}`) },
  { name: '2. GET /posts?limit=20', requests: get('/posts?limit=20') },
  { name: '2. GET /posts/followed?limit=20', requests: get('/posts/followed?limit=20') },
  { name: '3. GET /users/{id} (active)', requests: get(`/users/${activeUser}`) },
  {
    name: '4. POST /posts',
    requests: (token) => [
      {
        method: 'POST',
        path: '/posts',
        headers: json(token),
        body: JSON.stringify({ title: 'Bench', content: 'A post written by the benchmark.' }),
      },
    ],
  },
  {
    name: '4. POST+DELETE /posts/{id}/like',
    requests: () => [],
    // Each connection of each run toggles its like on a post of its own (a run cut off between the
    // two requests leaves a like behind, which must not fail the next run).
    perConnection: (index, token) => {
      const post = 50_000 + (likeRuns % 40) * 1_000 + index;
      return [
        { method: 'POST', path: `/posts/${post}/like`, headers: json(token) },
        { method: 'DELETE', path: `/posts/${post}/like`, headers: json(token) },
      ];
    },
  },
];

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function drive(
  base: string,
  row: Row,
  token: string,
  connections = CONNECTIONS,
  duration = DURATION,
): Promise<Measure> {
  let next = 0;
  if (row.perConnection) likeRuns++;
  const result = await autocannon({
    url: base,
    connections,
    duration,
    requests: row.requests(token),
    setupClient: row.perConnection
      ? (client: { setRequests(r: autocannon.Request[]): void }) =>
          client.setRequests(row.perConnection!(next++, token))
      : undefined,
  } as autocannon.Options);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianOf = (ms: Measure[]): Measure => ({
  rps: median(ms.map((m) => m.rps)),
  p50: median(ms.map((m) => m.p50)),
  p99: median(ms.map((m) => m.p99)),
  non2xx: ms.reduce((a, m) => a + m.non2xx, 0),
});

/** Before any timing: the same request gets the same JSON from both. */
async function checkSameJson(serviceToken: string, baselineToken: string) {
  for (const path of [`/posts/${popularPost}`, '/posts?limit=20', '/posts/followed?limit=20', `/users/${activeUser}`]) {
    const [a, b] = await Promise.all(
      [
        [service, serviceToken],
        [baseline, baselineToken],
      ].map(async ([base, token]) => (await fetch(`${base}${path}`, { headers: json(token!) })).json()),
    );
    if (!isDeepStrictEqual(a, b)) throw new Error(`service and baseline differ on GET ${path}`);
  }
  for (const method of ['POST', 'DELETE']) {
    const [a, b] = await Promise.all(
      [
        [service, serviceToken, 40_000],
        [baseline, baselineToken, 40_000],
      ].map(async ([base, token], i) => {
        const res = await fetch(`${base}/posts/${40_000 + i}/like`, { method, headers: json(token as string) });
        const body = (await res.json()) as { id: number };
        return { ...body, id: 0 };
      }),
    );
    if (!isDeepStrictEqual(Object.keys(a!), Object.keys(b!)))
      throw new Error(`service and baseline differ on ${method} like`);
  }
  log('service and baseline return the same JSON for every benchmarked read');
}

// ---------------------------------------------------------------- the runs
const results: Record<string, unknown> = {
  machine: { cores: CORES, node: process.version },
  duration: DURATION,
  rounds: ROUNDS,
  connections: CONNECTIONS,
};
const table: string[][] = [];
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

for (const workers of args['memory-only'] ? [] : [1, CORES]) {
  const mode = workers === 1 ? '1 process' : `${workers} processes`;
  log(`--- ${mode}`);
  const svc = await startProcess('src/main.ts', SERVICE_PORT, workers);
  const base = await startProcess('bench/baseline.ts', BASELINE_PORT, workers);
  const [serviceToken, baselineToken] = [await login(service), await login(baseline)];
  if (workers === 1) await checkSameJson(serviceToken, baselineToken);

  for (const row of ROWS) {
    const measures = { service: [] as Measure[], baseline: [] as Measure[] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      const order = round % 2 === 0 ? (['service', 'baseline'] as const) : (['baseline', 'service'] as const);
      for (const who of order) {
        measures[who].push(
          await drive(who === 'service' ? service : baseline, row, who === 'service' ? serviceToken : baselineToken),
        );
      }
    }
    const s = medianOf(measures.service);
    const b = medianOf(measures.baseline);
    table.push([
      mode,
      row.name,
      fmt(s.rps),
      fmt(b.rps),
      fmt(s.rps / b.rps, 2),
      fmt(s.p50, 1),
      fmt(s.p99, 1),
      fmt(b.p99, 1),
      String(s.non2xx),
    ]);
    results[`${mode} ${row.name}`] = { service: s, baseline: b, ratio: s.rps / b.rps };
    log(
      row.name,
      `service ${fmt(s.rps)} req/s p99 ${s.p99} ms | baseline ${fmt(b.rps)} req/s p99 ${b.p99} ms | ${fmt(s.rps / b.rps, 2)}x`,
    );
  }

  if (workers === 1) {
    // 5. Login is argon2-bound: compare with the raw argon2.verify rate at the same settings.
    const loginRow: Row = {
      name: '5. POST /auth/login',
      requests: () => [
        {
          method: 'POST',
          path: '/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: seedEmail(42), password: SEED_PASSWORD }),
        },
      ],
    };
    const loginMeasure = medianOf(await Promise.all([0].map(() => drive(service, loginRow, '', 8))));
    const hash = await argon2.hash(SEED_PASSWORD, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    let verified = 0;
    const until = Date.now() + DURATION * 1000;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < until) {
          await argon2.verify(hash, SEED_PASSWORD);
          verified++;
        }
      }),
    );
    const rawRate = verified / DURATION;
    table.push([
      mode,
      '5. POST /auth/login vs raw argon2.verify',
      fmt(loginMeasure.rps, 1),
      fmt(rawRate, 1),
      fmt(loginMeasure.rps / rawRate, 2),
      fmt(loginMeasure.p50, 1),
      fmt(loginMeasure.p99, 1),
      '',
      String(loginMeasure.non2xx),
    ]);
    results['5. login'] = { service: loginMeasure, rawArgon2PerSecond: rawRate };

    // Other endpoints during a login flood: p99 of row 1, alone and under the flood.
    const alone = await drive(service, ROWS[0]!, serviceToken, 16);
    const [during] = await Promise.all([drive(service, ROWS[0]!, serviceToken, 16), drive(service, loginRow, '', 16)]);
    table.push([
      mode,
      '5. row 1 p99 alone → during a login flood',
      '',
      '',
      fmt(during!.p99 / alone.p99, 2),
      fmt(alone.p99, 1),
      fmt(during!.p99, 1),
      '',
      '',
    ]);
    results['5. row 1 under login flood'] = { alone, during };
  }
  await stopProcess(svc);
  await stopProcess(base);
}

// 6. GET /posts with no limit on the full data set: time and peak memory of one request, each on a fresh process.
for (const [who, script, port] of [
  ['service', 'src/main.ts', SERVICE_PORT],
  ['baseline', 'bench/baseline.ts', BASELINE_PORT],
] as const) {
  const child = await startProcess(script, port, 1);
  const token = await login(`http://127.0.0.1:${port}`);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/posts`, { headers: json(token) });
  const body = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const peak = peakMemoryMb(child.pid!);
  table.push([
    '1 process',
    `6. GET /posts (all), ${who}`,
    `${fmt(seconds, 2)} s`,
    `${fmt(body.length / 1e6, 0)} MB`,
    '',
    '',
    '',
    `peak ${fmt(peak)} MB`,
    String(res.status),
  ]);
  results[`6. full list ${who}`] = { status: res.status, seconds, bytes: body.length, peakRssMb: peak };
  await stopProcess(child);
}

const header = [
  'mode',
  'request',
  'service req/s',
  'baseline req/s',
  'ratio',
  'p50 ms',
  'p99 ms',
  'baseline p99',
  'non-2xx',
];
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => (r[i] ?? '').length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(['', line(header), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n'));
mkdirSync('bench/results', { recursive: true });
const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, JSON.stringify({ ...results, table: [header, ...table] }, null, 2));
log(`wrote ${file}`);
await db.end();
await server.stop();
