/**
 * npm run bench:blocks -- --database-url postgres://…/seeded [--baseline ../other-checkout [--baseline-blocks]] [--runs 400]
 *
 * What block and mute (docs/safety.md) cost the hot reads. On a seeded database (npm run seed;
 * this checkout's migrations applied), as a reader who follows the most users:
 * 1. the reader blocks and mutes no one and nobody blocks them: each hot statement (post by id,
 *    /posts and feed pages, a profile, the notifications page, the unread count) timed here and,
 *    with --baseline, as that checkout writes it (the same reader, the same database, runs
 *    interleaved), with their EXPLAIN (ANALYZE, BUFFERS) shared buffers;
 * 2. the reader blocks 10,000 users (1,000 authors of the seed, 9,000 users added for this) and
 *    mutes 1,000 users they follow;
 * 3. another reader blocked by 10,000 users (those added).
 * 2 and 3 run the baseline too with --baseline-blocks (a baseline that has block and mute).
 * Statements are the project's own, captured as its query functions send them. Adds its block,
 * mute and session rows and removes them at the end. Not part of CI.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { register } from 'prom-client';
import { parseEnv, type Config } from '../src/platform/config.js';
import { initORM, ormOptions } from '../src/db/db.js';
import { createLogger } from '../src/platform/logger.js';
import type { SessionScope } from '../src/viewer/session.js';
import { commandLine, refuse } from '../scripts/command-line.js';

const USAGE = `npm run bench:blocks -- --database-url URL [--baseline ../other-checkout [--baseline-blocks]] [--runs 400]`;
const { values } = commandLine(USAGE, {
  'database-url': { type: 'string' },
  baseline: { type: 'string' },
  'baseline-blocks': { type: 'boolean', default: false },
  runs: { type: 'string', default: '400' },
});
const databaseUrl = values['database-url'];
if (!databaseUrl) refuse('--database-url is required (a seeded database)', USAGE);
const RUNS = Number(values.runs);

type Queries = {
  getPostFor: (scope: SessionScope, id: number) => Promise<unknown>;
  listPostsFor: (scope: SessionScope, page: { followed: boolean; limit?: number }) => Promise<unknown>;
  findSmallProfileTextFor: (scope: SessionScope, id: number) => Promise<unknown>;
  listNotificationsFor: (scope: SessionScope, page: { limit: number }) => Promise<unknown>;
  countUnreadFor: (scope: SessionScope) => Promise<unknown>;
};
const load = async (root: string): Promise<Queries> => {
  const modules = ['posts/posts.queries', 'users/users.queries', 'notifications/notifications.queries'];
  const loaded = await Promise.all(modules.map((m) => import(`${root}/src/${m}.ts`) as Promise<Partial<Queries>>));
  return Object.assign({}, ...loaded) as Queries;
};
const here = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const versions: [string, Queries][] = [['this checkout', await load(here)]];
if (values.baseline) {
  register.clear(); // the baseline's modules register the same metrics
  versions.push(['baseline', await load(values.baseline)]);
}

const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const config: Config = { ...env, JWT_SECRET: 'x'.repeat(32), WEB_CONCURRENCY: 1 };
const orm = await initORM({ ...ormOptions(config, databaseUrl, createLogger('silent')), migrate: false });
const db = new pg.Client({ connectionString: databaseUrl });
await db.connect();
const one = async <T>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as T;

/** The last statement (text and values) a query function sends, captured at the driver (a reader with blocks: the guarded one). */
async function capture(run: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }> {
  const prototype = pg.Client.prototype as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  let captured: { text: string; values: unknown[] } | undefined;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] };
    if (typeof config === 'object' && config.text) captured = { text: config.text, values: config.values ?? [] };
    return query.apply(this, args);
  };
  try {
    await run();
  } catch {
    // a missing row's 404 is fine: the statement is what counts
  } finally {
    prototype.query = query;
  }
  return captured!;
}

await db.query(`delete from users where email like '%@blocks-bench.feedline.dev'`); // a run stopped halfway
const reader = await one<{ id: number }>(
  'select follower_id as id from follows group by follower_id order by count(*) desc, follower_id limit 1',
);
// A post much liked and commented (about 50 likes), by an author of about 30 posts: the yardstick's kind.
const target = await one<{ post: number; author: number }>(
  `select p.id as post, p.author_id as author from posts p where p.author_id <> $1
     and p.author_id in (select author_id from posts group by author_id having count(*) between 25 and 35)
   order by abs((select count(*) from post_likes l where l.post_id = p.id) - 50), p.id limit 1`,
  [reader.id],
);
const blockedOne = await one<{ id: number }>(
  `select u.id from users u where u.id <> $1 and u.id not in (select followed_id from follows where follower_id = $1)
   order by u.id desc limit 1`,
  [reader.id],
);

async function scopeFor(userId: number): Promise<SessionScope> {
  const jti = randomUUID();
  await db.query(`insert into sessions (jti, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
    jti,
    userId,
  ]);
  return { services: { orm }, user: { jti, userId, sessionChecked: false }, jsonAsText: true };
}

const withBlocks = values['baseline-blocks'] ? versions : versions.slice(0, 1);
const readerScope = await scopeFor(reader.id);
const blockedScope = await scopeFor(blockedOne.id);
const hot = (q: Queries, scope: SessionScope): [string, () => Promise<unknown>][] => [
  ['GET /posts/{id}', () => q.getPostFor(scope, target.post)],
  ['GET /posts?limit=20', () => q.listPostsFor(scope, { followed: false, limit: 20 })],
  ['GET /posts/followed?limit=20', () => q.listPostsFor(scope, { followed: true, limit: 20 })],
  ['GET /users/{id}', () => q.findSmallProfileTextFor(scope, target.author)],
  ['GET /notifications?limit=20', () => q.listNotificationsFor(scope, { limit: 20 })],
  ['GET /notifications/unread-count', () => q.countUnreadFor(scope)],
];

async function explain(text: string, params: unknown[]) {
  type Plan = { Plan: Record<'Shared Hit Blocks' | 'Shared Read Blocks', number>; 'Execution Time': number };
  const { rows } = await db.query<{ 'QUERY PLAN': [Plan] }>(`explain (analyze, buffers, format json) ${text}`, params);
  const [plan] = rows[0]!['QUERY PLAN'];
  return { hits: plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'], ms: plan['Execution Time'] };
}

/** Median microseconds of `RUNS` runs of each statement, runs of the versions interleaved. */
async function time(label: string, statements: { text: string; values: unknown[] }[]): Promise<number[]> {
  const samples = statements.map((): number[] => []);
  for (let run = 0; run < RUNS; run++)
    for (const [i, { text, values }] of statements.entries()) {
      const start = process.hrtime.bigint();
      await db.query({ name: `bench_${label}_${i}_${text.length}`, text, values });
      samples[i]!.push(Number(process.hrtime.bigint() - start) / 1000);
    }
  if (process.env.BENCH_SHOW_PLANS)
    console.log(
      (
        await db.query<{ name: string; generic_plans: number; custom_plans: number }>(
          `select name, generic_plans, custom_plans from pg_prepared_statements where name like $1`,
          [`bench_${label}_%`],
        )
      ).rows,
    );
  return samples.map((s) => s.sort((a, b) => a - b)[Math.floor(s.length / 2)]!);
}

async function report(title: string, scope: SessionScope, only = versions) {
  console.log(`\n${title}`);
  const rows = hot(versions[0]![1], scope).map(([label]) => label);
  for (const [i, label] of rows.entries()) {
    const statements = [];
    for (const [, q] of only) statements.push(await capture(hot(q, scope)[i]![1]));
    for (const s of statements) await explain(s.text, s.values); // warm
    const plans: { hits: number; ms: number }[] = [];
    for (const s of statements) plans.push(await explain(s.text, s.values));
    if (process.env.BENCH_SHOW_PLANS)
      for (const s of statements)
        console.log(
          (await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values)).rows
            .map((r) => r['QUERY PLAN'])
            .join('\n'),
        );
    const medians = await time(label, statements);
    console.log(
      `  ${label.padEnd(32)} ${only
        .map(([name], v) => `${name}: ${medians[v]!.toFixed(0)} µs median, ${plans[v]!.hits} buffers`)
        .join(' | ')}`,
    );
  }
}

const EXTRA = `email like '%@blocks-bench.feedline.dev'`;
const cleanup = async () => {
  await db.query(`delete from users where ${EXTRA}`);
  await db.query('delete from blocks where blocker_id = $1 or blocked_id = $2', [reader.id, blockedOne.id]);
  await db.query('delete from mutes where muter_id = $1', [reader.id]);
  await db.query('delete from sessions where jti = any($1::uuid[])', [[readerScope.user.jti, blockedScope.user.jti]]);
};
try {
  console.log(`reader ${reader.id}; post ${target.post}, profile ${target.author}; ${RUNS} runs each`);
  await report('1. a reader with no blocks and no mutes', readerScope);
  await db.query(`insert into users (email, password_hash, first_name, last_name)
    select 'user' || g || '@blocks-bench.feedline.dev', 'x', 'Block', 'Bench' from generate_series(1, 10000) g`);
  // 1,000 authors the reader does not follow (a block ends follows) and 9,000 users added, 1,000 muted among those followed.
  await db.query(
    `insert into blocks (blocker_id, blocked_id)
     (select $1, u.id from users u where u.id <> $1 and u.id not in (select followed_id from follows where follower_id = $1)
        and not (${EXTRA}) order by u.id limit 1000)
     union all (select $1, u.id from users u where ${EXTRA} order by u.id limit 9000)`,
    [reader.id],
  );
  await db.query(
    `insert into mutes (muter_id, muted_id) select $1, followed_id from follows where follower_id = $1 order by followed_id limit 1000`,
    [reader.id],
  );
  const counts = await one<{ block_count: number; mute_count: number }>(
    'select block_count, mute_count from users where id = $1',
    [reader.id],
  );
  await report(
    `2. the same reader blocking ${counts.block_count} users and muting ${counts.mute_count}`,
    readerScope,
    withBlocks,
  );
  await db.query('delete from blocks where blocker_id = $1', [reader.id]);
  await db.query('delete from mutes where muter_id = $1', [reader.id]);
  await db.query(`insert into blocks (blocker_id, blocked_id) select u.id, $1 from users u where ${EXTRA}`, [
    blockedOne.id,
  ]);
  await report(`3. user ${blockedOne.id}, blocked by 10,000 users`, blockedScope, withBlocks);
} finally {
  await cleanup();
  await db.end();
  await orm.close();
}
