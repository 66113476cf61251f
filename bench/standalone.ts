/**
 * The stand-alone load test (npm run bench without the yardstick, or with --standalone): a
 * database of its own, seeded; the service started as `npm start` runs it; each scenario driven
 * by autocannon for --duration seconds after a warm-up; req/s, p50 and p99 per scenario in a
 * table. Everything it starts or creates is stopped and removed, passed or failed.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_COUNTS, seed, SEED_PASSWORD, seedEmail, type SeedCounts } from '../scripts/seed.js';
import { loadDotEnv } from '../src/platform/config.js';
import { initORM } from '../src/db/db.js';
import { startEmbeddedPostgres, type Database } from '../src/db/embedded/embedded-postgres.js';
import { createLogger } from '../src/platform/logger.js';
import { freePort } from '../src/platform/ports.js';
import { spawnService, untilReady, type ServiceProcess } from '../scripts/service-process.js';
import { commandLine } from '../scripts/command-line.js';

export const STANDALONE_USAGE = `npm run bench -- [--standalone] [--duration 10] [--connections 32] [--workers 1] [--scale 0.05]

  --standalone    run the stand-alone load test even when the yardstick is there
  --duration      seconds each scenario is measured, after a warm-up of up to 2 s (default 10)
  --connections   concurrent connections (default 32)
  --workers       the service's WEB_CONCURRENCY (default 1)
  --scale         the data set as a fraction of npm run seed's default size (default 0.05: 500 users,
                  5,000 posts, 50,000 likes, ...)
Uses a new database on DATABASE_URL's server when it is set (dropped afterwards; needs CREATEDB),
else an embedded PostgreSQL in a temporary folder.`;

const projectRoot = resolve(import.meta.dirname, '..');

interface Scenario {
  name: string;
  requests: autocannon.Request[];
}

interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  total: number;
}

/** A database for the run: on DATABASE_URL's server, or embedded in a temporary folder. */
export async function benchDatabase(): Promise<Database> {
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `feedline_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin(`create database "${name}"`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop: () => admin(`drop database if exists "${name}" with (force)`) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'feedline-bench-'));
  chmodSync(dir, 0o711); // as root, the postgres OS user keeps the cluster inside it
  const database = await startEmbeddedPostgres(dir, createLogger('warn'), { persistent: false });
  return {
    url: database.url,
    stop: async () => {
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startService(databaseUrl: string, port: number, workers: string): ServiceProcess {
  return spawnService({
    from: 'npm',
    cwd: projectRoot,
    port,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: workers,
      // The write scenarios write as one user thousands of times a second.
      WRITE_LIMITS: 'off',
      WRITES_PER_USER: '1000000000',
      WRITE_BYTES_PER_USER: '1000000000',
      // Its connections are one user's, from one address.
      MAX_IN_FLIGHT_PER_USER: '1000000',
      MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
      ARGON2_QUEUE_MAX: '1000000',
      ARGON2_QUEUE_PER_ADDRESS: '1000000',
    },
    output: 'inherit',
    spawn: { detached: true }, // its own process group: npm, node and any worker stop together
  });
}

/** What the scenarios read: picked from the seeded rows as the yardstick's are described. */
async function targets(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const one = async (sql: string) => Number((await client.query<{ id: string }>(sql)).rows[0]?.id ?? 1);
  try {
    const post = await one(`select post_id as id from post_likes group by post_id
      order by abs(count(*) - 40), post_id limit 1`);
    const author = await one(`select author_id as id from posts group by author_id
      order by abs(count(*) - 30), author_id limit 1`);
    const reader = await one(`select follower_id as id from follows group by follower_id
      order by count(*) desc, follower_id limit 1`);
    const { rows } = await client.query<{ id: number }>(
      `select id from posts where id not in (select post_id from post_likes where user_id = $1) order by id limit 256`,
      [reader],
    );
    return { post, author, reader, unliked: rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}

function scenarios(t: Awaited<ReturnType<typeof targets>>): Scenario[] {
  let next = 0;
  // Each connection toggles a post of its own, so likes never collide.
  const ownPost = (context: Record<string, unknown>) =>
    (context.post ??= t.unliked[next++ % Math.max(1, t.unliked.length)]) as number;
  return [
    { name: `GET /posts/{id}`, requests: [{ method: 'GET', path: `/posts/${t.post}` }] },
    { name: 'GET /posts?limit=20', requests: [{ method: 'GET', path: '/posts?limit=20' }] },
    { name: 'GET /posts/followed?limit=20', requests: [{ method: 'GET', path: '/posts/followed?limit=20' }] },
    { name: 'GET /users/{id}', requests: [{ method: 'GET', path: `/users/${t.author}` }] },
    { name: 'GET /users/me', requests: [{ method: 'GET', path: '/users/me' }] },
    {
      name: 'POST /posts',
      requests: [
        {
          method: 'POST',
          path: '/posts',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Load', content: 'A post written by the load test' }),
        },
      ],
    },
    {
      name: 'POST+DELETE /posts/{id}/like',
      requests: [
        {
          method: 'POST',
          setupRequest: (req, context) => ({
            ...req,
            path: `/posts/${ownPost(context as Record<string, unknown>)}/like`,
          }),
        },
        {
          method: 'DELETE',
          setupRequest: (req, context) => ({
            ...req,
            path: `/posts/${ownPost(context as Record<string, unknown>)}/like`,
          }),
        },
      ],
    },
  ];
}

async function drive(baseUrl: string, token: string, scenario: Scenario, seconds: number, connections: number) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    requests: scenario.requests,
    initialContext: {},
  });
  return result;
}

function table(rows: Row[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'failed'];
  const cells = rows.map((row) => [
    row.scenario,
    Math.round(row.rps).toLocaleString('en'),
    String(row.p50),
    String(row.p99),
    `${row.failed}/${row.total}`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: string[]) =>
    `| ${cell.map((text, i) => (i === 0 ? text.padEnd(widths[i]!) : text.padStart(widths[i]!))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`,
    ...cells.map(line),
  ].join('\n');
}

/** The stand-alone load test; `notice` is printed once its options are known to be good. */
export async function runStandalone(args: string[], notice?: string): Promise<number> {
  const { values } = commandLine(
    STANDALONE_USAGE,
    {
      standalone: { type: 'boolean', default: false },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      workers: { type: 'string', default: '1' },
      scale: { type: 'string', default: '0.05' },
    },
    { args },
  );
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const scale = Number(values.scale);
  if (!(duration > 0) || !Number.isInteger(connections) || connections < 1 || !(scale > 0 && scale <= 10)) {
    console.error(`npm run bench: --duration, --connections and --scale must be positive numbers\n${STANDALONE_USAGE}`);
    return 2;
  }
  if (notice) console.log(notice);
  loadDotEnv();
  const counts = Object.fromEntries(
    Object.entries(DEFAULT_COUNTS).map(([key, n]) => [key, Math.max(1, Math.round(n * scale))]),
  ) as unknown as SeedCounts;

  const database = await benchDatabase();
  let service: ServiceProcess | undefined;
  try {
    console.log(`stand-alone load test: seeding ${JSON.stringify(counts)}`);
    await (await initORM({ clientUrl: database.url })).close(); // migrate
    const seeded = await seed(database.url, counts, { quiet: true });
    console.log(`seeded ${seeded.rows.toLocaleString('en')} rows in ${seeded.seconds.toFixed(1)} s`);
    const t = await targets(database.url);

    const port = await freePort();
    service = startService(database.url, port, values.workers);
    const { baseUrl } = await untilReady(service, 180_000);
    const login = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seedEmail(t.reader), password: SEED_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login of the reader answered ${login.status}`);
    const { token } = (await login.json()) as { token: string };

    const rows: Row[] = [];
    for (const scenario of scenarios(t)) {
      await drive(baseUrl, token, scenario, Math.min(2, duration), connections); // warm-up
      const result = await drive(baseUrl, token, scenario, duration, connections);
      rows.push({
        scenario: scenario.name,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
        total: result.requests.total,
      });
      console.log(`${scenario.name}: ${Math.round(result.requests.average)} req/s`);
    }
    console.log(
      `\n${connections} connections, ${duration} s per scenario, ${values.workers} process(es), ${counts.users} users / ${counts.posts} posts\n`,
    );
    console.log(table(rows));
    const failing = rows.filter((row) => row.failed > row.total * 0.005);
    if (failing.length > 0) console.error(`more than 0.5 % failed: ${failing.map((row) => row.scenario).join(', ')}`);
    return failing.length > 0 ? 1 : 0;
  } finally {
    if (service && service.child.exitCode === null) {
      process.kill(-service.child.pid!, 'SIGTERM');
      await service.exited;
    }
    await database.stop();
  }
}
