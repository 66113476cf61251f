/**
 * npm run bench:feed [-- --posts 100000 --requests 1000 --celebrities 10,10000 --scenarios readers,home,unpaged,celebrity
 *                        --pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The feed at every shape of the follow graph. Seeds a scratch database (npm run seed's rows: the
 * posts as asked, 10,000 users, the other tables scaled with the posts up to their default size,
 * so 1,000,000 posts build in minutes), adds 10,000 authors silent for a year (2 posts each, 400
 * to 700 days old) and readers following 0 / 10 / 100 / 1,000 / 5,000 / 10,000 users: the most
 * active authors, or the silent ones. Starts the service on it (one process) and, one request at
 * a time, times each reader's GET /posts/followed?limit=20 and the page after it (`before`), all
 * readers' requests interleaved, each also as a multiple of the same kind of reader's 100-follow figure, the unpaged feed's bytes per
 * second next to GET /posts, and a celebrity's POST /posts (10 and 10,000 followers; 100,000 too
 * from 1,000,000 posts on), its cost inside PostgreSQL (EXPLAIN ANALYZE of the insert, rolled
 * back: buffers and the newest_posts trigger, for a post within its bound's minute and for one that
 * advances it and its follows), and commit-to-delivery (createdAt, stamped by
 * PostgreSQL, to the whole event at a subscriber) on GET /live/feed: 10 subscribers for the
 * 10-follower author, 1,000 for the others. `home`: GET /posts/home?limit=20 and its `before` page
 * for readers of 100 tags among 10,000 (each post has 1 to 3 tags drawn from a Zipf law: the 100
 * hottest, and 100 spread over the ranks) and of users who repost heavily (every seeded user
 * reposts 20 posts of the last 30 days; readers of 100 and 5,000 such users), timed interleaved with
 * the 100-follow reader's GET /posts/followed, each page checked against the unpaged statement.
 * Drops the scratch database at the end, passed or failed. Not part of CI.
 */
import { Agent, request as httpRequest } from 'node:http';
import pg from 'pg';
import { initORM } from '../src/db/db.js';
import { postListStatement } from '../src/posts/post-lists.queries.js';
import { selectHomeList } from '../src/posts/home.queries.js';
import { postJson } from '../src/posts/posts.sql.js';
import { viewerById } from '../src/viewer/safety.sql.js';
import { freePort } from '../src/platform/ports.js';
import { DEFAULT_COUNTS, SEED_PASSWORD, seed } from '../scripts/seed.js';
import { spawnService, untilReady, type ServiceProcess } from '../scripts/service-process.js';
import { subscribe } from './support.js';
import { commandLine } from '../scripts/command-line.js';

const USAGE = `npm run bench:feed -- [--posts 100000] [--requests 1000] [--celebrities 10,10000]
                         [--scenarios readers,home,unpaged,celebrity] [--pg postgres://postgres@127.0.0.1:5432/postgres]`;
const { values } = commandLine(USAGE, {
  posts: { type: 'string', default: '100000' },
  requests: { type: 'string', default: '1000' },
  pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  scenarios: { type: 'string', default: 'readers,home,unpaged,celebrity' },
  celebrities: { type: 'string' },
});
const POSTS = Number(values.posts);
const REQUESTS = Number(values.requests);
const FOLLOWS = [0, 10, 100, 1_000, 5_000, 10_000];
const SILENT_AUTHORS = 10_000;
const STREAMS_PER_USER = 10;
const scenarios = new Set(values.scenarios.split(','));
const CELEBRITIES = (values.celebrities ?? (POSTS >= 1_000_000 ? '10,10000,100000' : '10,10000'))
  .split(',')
  .map(Number);
/** Users beyond the seeded ones, so the largest celebrity has as many followers as asked. */
const FANS = Math.max(0, ...CELEBRITIES) - DEFAULT_COUNTS.users;

const adminUrl = new URL(values.pg);
const database = `shapes_bench_${process.pid}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

const scale = POSTS / DEFAULT_COUNTS.posts;
const counts = Object.fromEntries(
  Object.entries(DEFAULT_COUNTS).map(([table, n]) => [
    table,
    Math.round(n * (table === 'users' ? 1 : table === 'posts' ? scale : Math.min(scale, 1))),
  ]),
) as unknown as typeof DEFAULT_COUNTS;

/** The silent authors, the readers and the celebrities; readers and celebrities log in as seeded users do. */
const FIXTURE = `
  insert into users (email, password_hash, first_name, last_name, created_at)
  select 'silent' || g || '@shapes.feedline.dev', 'x', 'Silent', 'Author', now() - interval '800 days'
  from generate_series(1, ${SILENT_AUTHORS}) g;
  insert into posts (title, content, author_id, created_at)
  select 'Old notes ' || u.id || '-' || g, 'Written long ago.', u.id, now() - interval '400 days' - random() * interval '300 days'
  from users u cross join generate_series(1, 2) g where u.email like 'silent%@shapes.feedline.dev';
  insert into users (email, password_hash, first_name, last_name)
  select name || '@shapes.feedline.dev', (select password_hash from users where id = 1), 'Shape', kind
  from (select 'reader-' || kind || '-' || k, kind from unnest(array['active', 'silent']) kind
        cross join unnest(array[${FOLLOWS.join(', ')}]) k
        union all select 'celebrity-' || n, 'celebrity' from unnest(array[${CELEBRITIES.join(', ')}]) n) r(name, kind);
  insert into users (email, password_hash, first_name, last_name)
  select 'fan' || g || '@shapes.feedline.dev', 'x', 'Shape', 'Fan' from generate_series(1, ${FANS}) g;
  insert into follows (follower_id, followed_id)
  select r.id, a.author_id from users r cross join lateral (
    select author_id from posts p join users au on au.id = p.author_id and au.email like '%@seed.feedline.dev'
    group by author_id order by count(*) desc, author_id
    limit split_part(split_part(r.email, '-', 3), '@', 1)::int) a
  where r.email like 'reader-active-%@shapes.feedline.dev';
  insert into follows (follower_id, followed_id)
  select r.id, a.id from users r cross join lateral (
    select id from users where email like 'silent%@shapes.feedline.dev' order by id
    limit split_part(split_part(r.email, '-', 3), '@', 1)::int) a
  where r.email like 'reader-silent-%@shapes.feedline.dev';
  insert into follows (follower_id, followed_id)
  select f.id, c.id from users c cross join lateral (
    select id from users where email like '%@seed.feedline.dev' or email like 'fan%@shapes.feedline.dev' order by id
    limit split_part(split_part(c.email, '-', 2), '@', 1)::int) f
  where c.email like 'celebrity-%@shapes.feedline.dev';`;

/** How many tags there are, and how many of them a tag reader follows. */
const TAGS = 10_000;
const TAGS_FOLLOWED = 100;

/**
 * The home scenario's rows: 1 to 3 tags on every post, each drawn from a Zipf law over TAGS ranks
 * (rank ⌊(TAGS + 1)^u⌋, u uniform: P(rank) ∝ 1/rank); 20 reposts of posts of the last 30 days by
 * every seeded user; and the home readers: of the 100 hottest tags, of 100 tags one every 100
 * ranks, and of the 100 and 5,000 most active users, who repost.
 */
const HOME_FIXTURE = `
  insert into post_tags (post_id, tag, author_id, created_at)
  select distinct on (p.id, t.tag) p.id, t.tag, p.author_id, p.created_at from posts p
  cross join lateral (select 'tag' || floor(power(${TAGS + 1}, random()))::int as tag, g from generate_series(1, 1 + (p.id % 3)) g) t
  on conflict do nothing;
  insert into reposts (post_id, user_id, created_at)
  select r.post_id, u.id, greatest(r.created_at + interval '1 minute', now() - random() * interval '30 days') from users u
  cross join lateral (select p.id as post_id, p.created_at from posts p
    where p.created_at > now() - interval '30 days' and p.author_id <> u.id
    order by md5(p.id::text || u.id::text) limit 20) r
  where u.email like '%@seed.feedline.dev'
  on conflict do nothing;
  insert into users (email, password_hash, first_name, last_name)
  select 'home-' || k || '@shapes.feedline.dev', (select password_hash from users where id = 1), 'Home', k
  from unnest(array['tags-hot', 'tags-spread', 'reposters-100', 'reposters-5000']) k;
  insert into tag_follows (user_id, tag)
  select u.id, 'tag' || g from users u cross join generate_series(1, ${TAGS_FOLLOWED}) g where u.email = 'home-tags-hot@shapes.feedline.dev';
  insert into tag_follows (user_id, tag)
  select u.id, 'tag' || (1 + (g - 1) * ${TAGS / TAGS_FOLLOWED}) from users u cross join generate_series(1, ${TAGS_FOLLOWED}) g
  where u.email = 'home-tags-spread@shapes.feedline.dev';
  insert into follows (follower_id, followed_id)
  select r.id, a.author_id from users r cross join lateral (
    select author_id from posts p join users au on au.id = p.author_id and au.email like '%@seed.feedline.dev'
    group by author_id order by count(*) desc, author_id
    limit split_part(split_part(r.email, '-', 3), '@', 1)::int) a
  where r.email like 'home-reposters-%@shapes.feedline.dev';`;

/**
 * More posts by `email`'s user, inside a transaction rolled back: EXPLAIN ANALYZE's time, shared
 * buffers touched and dirtied, and the time of the newest_posts trigger, of the median run; first
 * for a post within its author's bound's minute (which writes nothing more), then for one that
 * advances it (the bound and every follow that carries it moved back an hour first, in a
 * savepoint), with the number of follows rows that post updates.
 */
async function insertCost(email: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    type Explained = {
      Plan: Record<string, number>;
      'Execution Time': number;
      Triggers: { 'Trigger Name': string; Time: number }[];
    };
    const explained = async () =>
      (
        await client.query<{ 'QUERY PLAN': [Explained] }>(
          `explain (analyze, buffers, format json) insert into posts (title, content, author_id)
           select 'A word', 'To everyone.', id from users where email = $1`,
          [email],
        )
      ).rows[0]!['QUERY PLAN'][0];
    const median = (runs: Explained[]) => {
      runs.sort((a, b) => a['Execution Time'] - b['Execution Time']);
      const { Plan: plan, 'Execution Time': took, Triggers: triggers } = runs[Math.floor(runs.length / 2)]!;
      const trigger = triggers.find((t) => t['Trigger Name'] === 'posts_newest_posts');
      return `${took.toFixed(2)}, ${plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!} (${plan['Shared Dirtied Blocks']} dirtied), ${trigger?.Time.toFixed(2)}`;
    };
    // The median of 9, so the session's first call (which compiles the trigger function) does not count.
    const within: Explained[] = [];
    for (let i = 0; i < 9; i++) within.push(await explained());
    const author = `(select id from users where email = $1)`;
    const [{ bounded }] = (
      await client.query<{ bounded: number }>(
        `select count(*)::int as bounded from follows where followed_id = ${author} and author_bound < 'infinity'`,
        [email],
      )
    ).rows as [{ bounded: number }];
    const advancing: Explained[] = [];
    for (let i = 0; i < 9; i++) {
      await client.query('savepoint advance');
      await client.query(
        `update newest_posts set posted_before = posted_before - interval '1 hour' where author_id = ${author}`,
        [email],
      );
      await client.query(
        `update follows set author_bound = author_bound - interval '1 hour' where followed_id = ${author} and author_bound < 'infinity'`,
        [email],
      );
      advancing.push(await explained());
      await client.query('rollback to savepoint advance');
    }
    return `${median(within)} | ${median(advancing)}, ${bounded.toLocaleString('en')} rows`;
  } finally {
    await client.query('rollback');
    await client.end();
  }
}

/**
 * The feed page statement for `email`'s user, under EXPLAIN (ANALYZE, BUFFERS, TIMING OFF), in the
 * generic plan a prepared statement keeps and in the custom plan of these values: shared buffers
 * and execution time of each, the median of 5 runs. BENCH_SHOW_PLANS=<email> prints that reader's
 * plans whole.
 */
async function statementCost(email: string, before: number | undefined): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [session] = (
      await client.query<{ jti: string; user_id: number }>(
        `select s.jti, s.user_id from sessions s join users u on u.id = s.user_id where u.email = $1 and s.revoked_at is null
         order by s.created_at desc limit 1`,
        [email],
      )
    ).rows;
    const statement = postListStatement(true, before !== undefined).plain;
    // PREPARE and EXPLAIN EXECUTE: a protocol-level prepared EXPLAIN would plan with the values, always custom.
    const types = ['uuid', 'int', ...(before === undefined ? [] : ['int']), 'int'];
    await client.query(`prepare feed_cost (${types.join(', ')}) as ${statement.text}`);
    const execute = `execute feed_cost (${[`'${session!.jti}'`, session!.user_id, ...(before === undefined ? [] : [before]), 20].join(', ')})`;
    const costs: string[] = [];
    for (const mode of ['force_generic_plan', 'force_custom_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      const runs: { buffers: number; ms: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const { rows } = await client.query<{
          'QUERY PLAN': [{ Plan: Record<string, number>; 'Execution Time': number }];
        }>(`explain (analyze, buffers, timing off, format json) ${execute}`);
        const [{ Plan: plan, 'Execution Time': ms }] = rows[0]!['QUERY PLAN'];
        runs.push({ buffers: plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!, ms });
      }
      runs.sort((a, b) => a.ms - b.ms);
      costs.push(`${runs[2]!.buffers.toLocaleString('en')}, ${runs[2]!.ms.toFixed(1)}`);
      if (process.env.BENCH_SHOW_PLANS === email) {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${execute}`);
        console.log(`${email}, ${before === undefined ? 'first page' : `before ${before}`}, ${mode}:`);
        console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
    return costs.join(' (custom ') + ')';
  } finally {
    await client.end();
  }
}

/**
 * The shared buffers of building these posts' JSON alone, as `email`'s user sees them (the median of 5
 * EXPLAIN ANALYZE runs): what of a page statement's buffers is its answer, not its ranking.
 */
async function jsonCost(email: string, ids: number[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const [{ id: userId }] = (await client.query<{ id: number }>('select id from users where email = $1', [email]))
      .rows as [{ id: number }];
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
        `explain (analyze, buffers, timing off, format json)
         select ${postJson('p', { me: '$2', viewer: viewerById('$2') })}::text from posts p where p.id = any($1::int[])`,
        [ids, userId],
      );
      const [{ Plan: plan }] = rows[0]!['QUERY PLAN'];
      runs.push(plan['Shared Hit Blocks']! + plan['Shared Read Blocks']!);
    }
    return runs.sort((a, b) => a - b)[2]!;
  } finally {
    await client.end();
  }
}

/** Throws unless `page` holds the ids the plain query of the feed gives (a fast wrong page is no figure). */
async function expectPage(email: string, before: number | undefined, page: { id: number }[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      `select p.id from posts p where p.author_id in (
         select f.followed_id from follows f join users u on u.id = f.follower_id where u.email = $1)
       and ($2::int is null or (p.created_at, p.id) < (select b.created_at, b.id from posts b where b.id = $2))
       order by p.created_at desc, p.id desc limit 20`,
      [email, before ?? null],
    );
    const [expected, got] = [rows.map((row) => row.id).join(','), page.map((post) => post.id).join(',')];
    if (expected !== got)
      throw new Error(`${email} before ${before}: the feed answered [${got}], the posts are [${expected}]`);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
const ms = (n: number) => n.toFixed(1);

let service: ServiceProcess | undefined;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

async function cleanUp() {
  agent.destroy();
  await service?.stop();
  // PostgreSQL may be short of connections for a moment on a shared machine: try again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await admin(`drop database if exists ${database} with (force)`);
    } catch (error) {
      if (attempt === 10) throw error;
      await new Promise((r) => setTimeout(r, 3_000));
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cleanUp().then(() => process.exit(130)));

try {
  await admin(`create database ${database}`);
  await (await initORM({ clientUrl: databaseUrl })).close(); // migrate
  const seeded = await seed(databaseUrl, counts, { quiet: true });
  console.log(`seeded ${seeded.rows.toLocaleString('en')} rows (${counts.posts.toLocaleString('en')} posts)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // a lost connection fails the query below, and the run cleans up
  await client.connect();
  await client.query(FIXTURE);
  if (scenarios.has('home')) await client.query(HOME_FIXTURE);
  await client.query('vacuum analyze');
  // The seed's dirty pages written out now, not by a checkpoint in the middle of the timed requests.
  await client.query('checkpoint');
  await client.end();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  service = spawnService({
    port,
    output: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      JWT_SECRET: 'bench-feed-shapes-secret-at-least-32-bytes',
      WRITE_LIMITS: 'off',
      WRITES_PER_USER: '1000000000',
      WRITE_BYTES_PER_USER: '1000000000',
      MAX_IN_FLIGHT_PER_USER: '1000000',
      MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
      ARGON2_QUEUE_MAX: '1000000',
      ARGON2_QUEUE_PER_ADDRESS: '1000000',
      LIVE_STREAMS_PER_USER: String(STREAMS_PER_USER),
      LOGIN_FAILURES_PER_ADDRESS: '1000000',
    },
  });
  await untilReady(service, 120_000);

  /** One request on a kept-alive connection (node:http: fetch's own tail in the client was as long as the server's). */
  async function call(method: string, path: string, token?: string, body?: object) {
    const started = performance.now();
    const payload = body && JSON.stringify(body);
    const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = httpRequest(`${baseUrl}${path}`, {
        method,
        agent,
        headers: {
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(token && { authorization: `Bearer ${token}` }),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString() }));
      });
      request.end(payload);
    });
    if (status >= 300) throw new Error(`${method} ${path}: ${status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - started, text };
  }
  const login = async (email: string) =>
    (
      JSON.parse((await call('POST', '/auth/login', undefined, { email, password: SEED_PASSWORD })).text) as {
        token: string;
      }
    ).token;

  type Timing = { p50: number; p99: number };
  type Run = () => Promise<{ ms: number }>;
  const percentiles = (times: number[]): Timing => {
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
  };
  /** p50 and p99 of `REQUESTS` sequential calls, after a tenth as many unrecorded. */
  async function timed(run: Run): Promise<Timing> {
    return (await timedTogether([run]))[0]!;
  }
  /**
   * p50 and p99 of each run's `REQUESTS` calls, one call at a time, interleaved: each round calls
   * every run once, in a shuffled order, so a slow moment of the shared machine falls on every run
   * alike rather than on whichever was being timed. A tenth as many rounds first, unrecorded.
   */
  async function timedTogether(runs: Run[]): Promise<Timing[]> {
    const times = runs.map(() => [] as number[]);
    for (let round = -Math.ceil(REQUESTS / 10); round < REQUESTS; round++) {
      const order = runs.map((_, i) => i).sort(() => Math.random() - 0.5);
      for (const i of order) {
        const { ms } = await runs[i]!();
        if (round >= 0) times[i]!.push(ms);
      }
    }
    return times.map(percentiles);
  }

  if (scenarios.has('readers')) {
    console.log(
      '\n| reader follows | authors | page p50 / p99 ms | × 100-follow | `before` page p50 / p99 ms | × 100-follow | KB: page / `before` page | statement buffers, ms, generic (custom) plan: page / `before` page | of which the JSON: page / `before` |',
    );
    console.log('|--:|---|--:|--:|--:|--:|--:|--:|--:|');
  }
  type Reader = {
    kind: string;
    follows: number;
    email: string;
    page: Run;
    next: Run;
    cursor: number;
    kilobytes: string;
    answers: number[][];
  };
  const readers: Reader[] = [];
  for (const kind of scenarios.has('readers') ? ['active', 'silent'] : []) {
    for (const follows of FOLLOWS) {
      const email = `reader-${kind}-${follows}@shapes.feedline.dev`;
      const token = await login(email);
      const firstText = (await call('GET', '/posts/followed?limit=20', token)).text;
      const first = JSON.parse(firstText) as { id: number }[];
      const cursor = first.at(-1)?.id ?? 1;
      const secondText = (await call('GET', `/posts/followed?limit=20&before=${cursor}`, token)).text;
      const second = JSON.parse(secondText) as { id: number }[];
      await expectPage(email, undefined, first);
      await expectPage(email, cursor, second);
      readers.push({
        kind,
        follows,
        email,
        cursor,
        kilobytes: [firstText, secondText].map((text) => (Buffer.byteLength(text) / 1024).toFixed(1)).join(' / '),
        answers: [first, second].map((page) => page.map((post) => post.id)),
        page: () => call('GET', '/posts/followed?limit=20', token),
        next: () => call('GET', `/posts/followed?limit=20&before=${cursor}`, token),
      });
    }
  }
  if (readers.length) {
    const timings = await timedTogether(readers.flatMap((reader) => [reader.page, reader.next]));
    const rows = [];
    for (const [i, reader] of readers.entries()) {
      const plans = [await statementCost(reader.email, undefined), await statementCost(reader.email, reader.cursor)];
      const json = [await jsonCost(reader.email, reader.answers[0]!), await jsonCost(reader.email, reader.answers[1]!)];
      rows.push({
        ...reader,
        pageTiming: timings[2 * i]!,
        nextTiming: timings[2 * i + 1]!,
        plans: plans.join(' / '),
        json: json.map((n) => n.toLocaleString('en')).join(' / '),
      });
    }
    const times = (t: Timing, b: Timing) => `${(t.p50 / b.p50).toFixed(2)} / ${(t.p99 / b.p99).toFixed(2)}`;
    for (const row of rows) {
      const base = rows.find((other) => other.kind === row.kind && other.follows === 100)!;
      console.log(
        `| ${row.follows.toLocaleString('en')} | ${row.kind} | ${ms(row.pageTiming.p50)} / ${ms(row.pageTiming.p99)} | ${times(row.pageTiming, base.pageTiming)} | ${ms(row.nextTiming.p50)} / ${ms(row.nextTiming.p99)} | ${times(row.nextTiming, base.nextTiming)} | ${row.kilobytes} | ${row.plans} | ${row.json} |`,
      );
    }
  }

  /** Throws unless a home page holds what the unpaged statement's first 20 items after `before` are. */
  async function expectHomePage(email: string, before: string | undefined, page: { id: number }[]): Promise<void> {
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const [{ id: viewerId }] = (await check.query<{ id: number }>('select id from users where email = $1', [email]))
        .rows as [{ id: number }];
      const { text, values: statementValues } = selectHomeList({ viewerId, before, limit: 20 });
      const { rows } = await check.query<{ json: string }>(text, statementValues);
      const [expected, got] = [
        rows.map((row) => (JSON.parse(row.json) as { id: number }).id).join(','),
        page.map((item) => item.id).join(','),
      ];
      if (expected !== got)
        throw new Error(`${email} home before ${before}: answered [${got}], the items are [${expected}]`);
    } finally {
      await check.end();
    }
  }

  if (scenarios.has('home')) {
    console.log(
      '\n| home reader | page p50 / p99 ms | × feed (100 follows) | `before` page p50 / p99 ms | × feed `before` | reposted items: page / `before` | KB: page / `before` |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|');
    const feedToken = await login('reader-active-100@shapes.feedline.dev');
    const feedFirst = JSON.parse((await call('GET', '/posts/followed?limit=20', feedToken)).text) as { id: number }[];
    const feedCursor = feedFirst.at(-1)!.id;
    const homeReaders = [];
    for (const name of ['tags-hot', 'tags-spread', 'reposters-100', 'reposters-5000']) {
      const email = `home-${name}@shapes.feedline.dev`;
      const token = await login(email);
      type Item = { id: number; cursor: string; repostedBy: unknown };
      const firstText = (await call('GET', '/posts/home?limit=20', token)).text;
      const first = JSON.parse(firstText) as Item[];
      const cursor = first.at(-1)!.cursor;
      const secondText = (await call('GET', `/posts/home?limit=20&before=${cursor}`, token)).text;
      const second = JSON.parse(secondText) as Item[];
      await expectHomePage(email, undefined, first);
      await expectHomePage(email, cursor, second);
      homeReaders.push({
        name,
        reposted: [first, second].map((page) => page.filter((item) => item.repostedBy).length).join(' / '),
        kilobytes: [firstText, secondText].map((text) => (Buffer.byteLength(text) / 1024).toFixed(1)).join(' / '),
        page: () => call('GET', '/posts/home?limit=20', token),
        next: () => call('GET', `/posts/home?limit=20&before=${cursor}`, token),
      });
    }
    const timings = await timedTogether([
      () => call('GET', '/posts/followed?limit=20', feedToken),
      () => call('GET', `/posts/followed?limit=20&before=${feedCursor}`, feedToken),
      ...homeReaders.flatMap((reader) => [reader.page, reader.next]),
    ]);
    const [feedPage, feedNext] = timings as [Timing, Timing];
    console.log(
      `| feed, 100 follows (GET /posts/followed) | ${ms(feedPage.p50)} / ${ms(feedPage.p99)} | 1.00 | ${ms(feedNext.p50)} / ${ms(feedNext.p99)} | 1.00 | | |`,
    );
    for (const [i, reader] of homeReaders.entries()) {
      const [page, next] = [timings[2 + 2 * i]!, timings[3 + 2 * i]!];
      console.log(
        `| ${reader.name} | ${ms(page.p50)} / ${ms(page.p99)} | ${(page.p50 / feedPage.p50).toFixed(2)} | ${ms(next.p50)} / ${ms(next.p99)} | ${(next.p50 / feedNext.p50).toFixed(2)} | ${reader.reposted} | ${reader.kilobytes} |`,
      );
    }
  }

  if (scenarios.has('unpaged')) console.log('\n| unpaged | posts | MB | ms | MB/s | posts/s |');
  if (scenarios.has('unpaged')) console.log('|---|--:|--:|--:|--:|--:|');
  for (const [name, path, email] of [
    ['GET /posts', '/posts', 'reader-active-0'],
    ['GET /posts/followed, 1,000 active', '/posts/followed', 'reader-active-1000'],
    ['GET /posts/followed, 10,000 silent', '/posts/followed', 'reader-silent-10000'],
  ].filter(() => scenarios.has('unpaged'))) {
    const { ms: took, text } = await call('GET', path!, await login(`${email}@shapes.feedline.dev`));
    const mb = Buffer.byteLength(text) / 1e6;
    const posts = (text.match(/"title":/g) ?? []).length;
    console.log(
      `| ${name} | ${posts.toLocaleString('en')} | ${mb.toFixed(1)} | ${took.toFixed(0)} | ${(mb / (took / 1000)).toFixed(1)} | ${Math.round(posts / (took / 1000))} |`,
    );
  }

  if (scenarios.has('celebrity')) {
    console.log(
      '\n| author | followers | POST /posts p50 / p99 ms | insert in PostgreSQL: ms, buffers, trigger ms | insert advancing the bound: ms, buffers, trigger ms, follows updated | live subscribers | delivered | commit-to-delivery p50 / p99 ms |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|');
  }
  for (const followers of scenarios.has('celebrity') ? CELEBRITIES : []) {
    const celebrity = await login(`celebrity-${followers}@shapes.feedline.dev`);
    const write = await timed(() => call('POST', '/posts', celebrity, { title: 'A word', content: 'To everyone.' }));
    const inside = await insertCost(`celebrity-${followers}@shapes.feedline.dev`);
    // Live: one stream for each of 10 followers, or 10 streams each for 100 of the 10,000.
    const subscribers = Math.min(1_000, followers);
    const users = followers <= 10 ? subscribers : subscribers / STREAMS_PER_USER;
    const tokens: string[] = [];
    for (let i = 1; i <= users; i++) tokens.push(await login(`user${i}@seed.feedline.dev`));
    const deliveries = new Map<number, number[]>();
    const requests = await Promise.all(
      Array.from({ length: subscribers }, (_, i) => subscribe(baseUrl, agent, tokens[i % tokens.length]!, deliveries)),
    );
    const created = new Map<number, number>();
    for (let i = 0; i < 20; i++) {
      const { text } = await call('POST', '/posts', celebrity, { title: `Live ${i}`, content: 'Now.' });
      const post = JSON.parse(text) as { id: number; createdAt: string };
      created.set(post.id, Date.parse(post.createdAt));
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100)))
      if ([...created.keys()].every((id) => (deliveries.get(id)?.length ?? 0) >= subscribers)) break;
    for (const request of requests) request.destroy();
    const latencies = [...created].flatMap(([id, at]) => (deliveries.get(id) ?? []).map((t) => t - at));
    latencies.sort((a, b) => a - b);
    console.log(
      `| celebrity-${followers} | ${followers.toLocaleString('en')} | ${ms(write.p50)} / ${ms(write.p99)} | ${inside} | ${subscribers} | ${latencies.length}/${created.size * subscribers} | ${percentile(latencies, 0.5)} / ${percentile(latencies, 0.99)} |`,
    );
  }
} finally {
  await cleanUp();
}
