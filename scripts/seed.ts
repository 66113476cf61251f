/**
 * Fills a database with realistic data, fast: rows are generated inside PostgreSQL in bulk
 * (generate_series, 100,000 rows a statement), never one request per row.
 *
 *   npm run seed -- --users 500                  (1/20 of the default size; counts not given scale along)
 *   npm run seed -- --database-url postgres://postgres@127.0.0.1:5432/feedline --reset
 *   npm run seed -- --help                       (every option)
 *
 * Authors are spread with a long tail, popularity is skewed (a few posts get most likes and
 * comments), timestamps span months. Every seeded user logs in with SEED_PASSWORD.
 */
import pg from 'pg';
import { withPasswords } from '../src/auth/passwords.js';
import { loadDotEnv, parseEnv } from '../src/platform/config.js';
import { initORM, startDatabase } from '../src/db/db.js';
import { createLogger } from '../src/platform/logger.js';
import { FOLLOWS_AUTHOR_BOUND_FROM_NEWEST_POSTS, NEWEST_POSTS_FROM_POSTS } from '../src/posts/newest-post.entity.js';
import { POST_STATS_FROM_ROWS } from '../src/posts/stats.entity.js';
import { USER_STATS_FROM_ROWS } from '../src/users/user-stats.entity.js';
import { classifyStartupFailure, formatStartupFailure } from '../src/app/startup-failure.js';
import { commandLine } from './command-line.js';

export const SEED_PASSWORD = 'feedline-seed-password';
export const seedEmail = (n: number) => `user${n}@seed.feedline.dev`;

export interface SeedCounts {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  commentLikes: number;
  follows: number;
}

export const DEFAULT_COUNTS: SeedCounts = {
  users: 10_000,
  posts: 100_000,
  likes: 1_000_000,
  comments: 300_000,
  commentLikes: 100_000,
  follows: 200_000,
};

const CHUNK = 100_000;

/** The seed will not mix its rows into data it did not write (its ids assume empty tables). */
export class SeedRefusal extends Error {}
const FIRST_NAMES = ['Ada', 'Grace', 'Linus', 'Barbara', 'Ken', 'Margaret', 'Dennis', 'Frances', 'Guido', 'Radia'];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Torvalds',
  'Liskov',
  'Thompson',
  'Hamilton',
  'Ritchie',
  'Allen',
  'Rossum',
  'Perlman',
];
const TOPICS = ['TypeScript', 'PostgreSQL', 'tRPC', 'Zod', 'testing', 'performance', 'Rust', 'CI', 'ORMs', 'Node.js'];

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(', ')}]`;

/**
 * Each table's bulk statement; `{from}`/`{to}` bound the generate_series chunk (braces: the
 * statements embed an argon2 hash, whose `$`-separated fields could start with `from` or `to`).
 */
export function statements(counts: SeedCounts, passwordHash: string) {
  const { users: U, posts: P, comments: C } = counts;
  return {
    // The replica role skips the trigger that derives handles: each gets its own, as its email.
    users: `insert into users (email, password_hash, first_name, last_name, handle, created_at)
      select 'user' || g || '@seed.feedline.dev', '${passwordHash}',
             (${sqlArray(FIRST_NAMES)})[1 + g % 10], (${sqlArray(LAST_NAMES)})[1 + (g / 10) % 10], 'user' || g,
             now() - random() * interval '730 days'
      from generate_series({from}, {to}) g`,
    // A long tail of authors: low ids write far more than high ids.
    posts: `insert into posts (title, content, author_id, created_at)
      select 'Notes on ' || (${sqlArray(TOPICS)})[1 + g % 10] || ' #' || g,
             repeat('Some thoughts worth sharing. ', 1 + (g % 12)),
             1 + floor(${U} * power(random(), 2))::int,
             now() - random() * interval '365 days'
      from generate_series({from}, {to}) g`,
    // Skewed popularity: a few posts collect most likes. Duplicates are dropped, then topped up.
    likes: `insert into post_likes (post_id, user_id, created_at)
      select 1 + floor(${P} * power(random(), 3))::int, 1 + floor(${U} * random())::int, now() - random() * interval '300 days'
      from generate_series({from}, {to}) g on conflict do nothing`,
    comments: `insert into comments (content, post_id, author_id, created_at)
      select 'Comment ' || x.g || ': +1, and a question.', p.id, x.author, p.created_at + random() * (now() - p.created_at)
      from (select g, 1 + floor(${P} * power(random(), 3))::int as post, 1 + floor(${U} * random())::int as author
            from generate_series({from}, {to}) g) x
      join posts p on p.id = x.post`,
    commentLikes: `insert into comment_likes (comment_id, user_id, created_at)
      select 1 + floor(${C} * power(random(), 2))::int, 1 + floor(${U} * random())::int, now() - random() * interval '300 days'
      from generate_series({from}, {to}) g on conflict do nothing`,
    follows: `insert into follows (follower_id, followed_id, created_at)
      select f, t, now() - random() * interval '500 days'
      from (select 1 + floor(${U} * random())::int as f, 1 + floor(${U} * power(random(), 2))::int as t
            from generate_series({from}, {to}) g) x
      where f <> t on conflict do nothing`,
  } satisfies Record<keyof SeedCounts, string>;
}

const TABLES: Record<keyof SeedCounts, string> = {
  users: 'users',
  posts: 'posts',
  likes: 'post_likes',
  comments: 'comments',
  commentLikes: 'comment_likes',
  follows: 'follows',
};

class Progress {
  private readonly tty = process.stdout.isTTY;
  private readonly started = performance.now();
  private rows = 0;

  constructor(
    private readonly total: number,
    private readonly quiet: boolean,
  ) {}

  add(table: string, rows: number, done: number, target: number) {
    this.rows += rows;
    const rate = Math.round(this.rows / ((performance.now() - this.started) / 1000));
    const share = Math.min(1, this.rows / this.total);
    if (this.quiet) return;
    if (this.tty) {
      const bar = '█'.repeat(Math.round(share * 30)).padEnd(30, '░');
      process.stdout.write(
        `\r${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${table} ${done}/${target}  ${rate.toLocaleString('en')} rows/s   `,
      );
    } else if (done === target) {
      console.log(`${table}: ${target} rows (${rate.toLocaleString('en')} rows/s overall)`);
    }
  }

  finish() {
    const seconds = (performance.now() - this.started) / 1000;
    if (this.tty && !this.quiet) process.stdout.write('\n');
    return { rows: this.rows, seconds, rate: Math.round(this.rows / seconds) };
  }
}

/**
 * Seeds an empty (or, with reset, emptied) database over one connection; returns rows, seconds
 * and rows/second. The generated ids are consistent by construction, so a superuser skips the
 * per-row foreign-key triggers (session_replication_role = replica), which dominate bulk inserts.
 */
/** A bulk statement for the rows from..to of its generate_series. */
export const chunkOf = (sql: string, from: number, to: number) =>
  sql.replaceAll('{from}', String(from)).replaceAll('{to}', String(to));

export async function seed(databaseUrl: string, counts: SeedCounts, { reset = false, quiet = false } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await seedWith(client, counts, reset, quiet);
  } finally {
    await client.end();
  }
}

async function seedWith(client: pg.Client, counts: SeedCounts, reset: boolean, quiet: boolean) {
  const count = async (sql: string) => Number((await client.query<{ count: string }>(sql)).rows[0]?.count ?? 0);
  if (reset) {
    await client.query(`truncate ${Object.values(TABLES).join(', ')}, sessions, events restart identity cascade`);
  } else if ((await count('select count(*) from users limit 1')) > 0) {
    const users = await count('select count(*) from users');
    throw new SeedRefusal(
      `the database already holds ${users.toLocaleString('en')} users: pass --reset to empty it first (it deletes every row), or --database-url for another database`,
    );
  }
  await client.query('set session_replication_role = replica').catch(() => undefined);
  // Losing the last commits of a seed to a crash is harmless; waiting for each flush is not.
  await client.query('set synchronous_commit = off');
  const passwordHash = await withPasswords(parseEnv(process.env), 'seed', (passwords) => passwords.hash(SEED_PASSWORD));
  const sql = statements(counts, passwordHash);
  // Building secondary indexes once, by sorting, beats maintaining them row by row.
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where schemaname = 'public' and indexdef not like 'CREATE UNIQUE%'`,
  );
  for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
  const restoreIndexes = async () => {
    for (const { indexdef } of indexes) await client.query(indexdef);
  };
  const progress = new Progress(
    (Object.values(counts) as number[]).reduce((a, b) => a + b, 0),
    quiet,
  );

  try {
    for (const key of Object.keys(TABLES) as (keyof SeedCounts)[]) {
      const target = counts[key];
      let done = 0;
      let next = 1;
      // Statements that drop duplicates (likes, follows) run again until the target is reached.
      for (let attempts = 0; done < target && attempts < 100; attempts++) {
        const size = Math.min(CHUNK, target - done);
        const inserted = await count(
          `with inserted as (${chunkOf(sql[key], next, next + size - 1)} returning 1)
           select count(*) from inserted`,
        );
        next += size;
        done += inserted;
        progress.add(TABLES[key], inserted, done, target);
      }
    }
    // The replica role skipped the triggers that keep each author's feed bound and its copies on
    // follows; filled before the indexes come back, which they would make slower.
    await client.query(NEWEST_POSTS_FROM_POSTS);
    await client.query(FOLLOWS_AUTHOR_BOUND_FROM_NEWEST_POSTS);
    // And the counters the stats triggers keep.
    await client.query(POST_STATS_FROM_ROWS);
    await client.query(USER_STATS_FROM_ROWS);
  } finally {
    await restoreIndexes();
  }
  await client.query('analyze');
  return progress.finish();
}

const OPTIONS = {
  users: 'users to create',
  posts: 'posts, authored with a long tail (a few users write most)',
  likes: 'post likes, skewed (a few posts get most)',
  comments: 'comments, skewed like the likes',
  'comment-likes': 'comment likes',
  follows: 'follows',
} as const;

export const USAGE = `npm run seed -- [--users N] [--posts N] [--likes N] [--comments N] [--comment-likes N] [--follows N]
                  [--database-url URL] [--reset] [--help]

Fills the database with generated rows, in bulk inside PostgreSQL. Defaults: ${(
  Object.entries(DEFAULT_COUNTS) as [string, number][]
)
  .map(([key, value]) => `${value.toLocaleString('en')} ${key}`)
  .join(', ')}.
A count not given scales with the smallest fraction of its default that a given count asks for:
--users 500 alone seeds 1/20 of everything (500 users, 5,000 posts, 50,000 likes, ...).
${Object.entries(OPTIONS)
  .map(([name, meaning]) => `  --${name.padEnd(15)} ${meaning}`)
  .join('\n')}
  --database-url    the database to fill (default: DATABASE_URL, else the embedded one in DATA_DIR,
                    shared with a running \`npm start\`)
  --reset           empty every table first (deletes all data, accounts included); without it the
                    database must hold no users
Every seeded user logs in as ${seedEmail(1)} (user<N>@...) with password "${SEED_PASSWORD}".`;

class UsageError extends Error {}

/** The counts asked for; the ones not given scale with the smallest fraction given (small stays small). */
export function countsFrom(values: Partial<Record<keyof typeof OPTIONS, string>>): SeedCounts {
  const keyOf = (name: keyof typeof OPTIONS): keyof SeedCounts => (name === 'comment-likes' ? 'commentLikes' : name);
  const given = new Map<keyof SeedCounts, number>();
  for (const name of Object.keys(OPTIONS) as (keyof typeof OPTIONS)[]) {
    const value = values[name];
    if (value === undefined) continue;
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n))
      throw new UsageError(`--${name} must be a row count, not "${value}"`);
    given.set(keyOf(name), n);
  }
  const fraction = Math.min(1, ...[...given].map(([key, n]) => n / DEFAULT_COUNTS[key]));
  return Object.fromEntries(
    (Object.keys(DEFAULT_COUNTS) as (keyof SeedCounts)[]).map((key) => [
      key,
      given.get(key) ?? Math.round(DEFAULT_COUNTS[key] * fraction),
    ]),
  ) as unknown as SeedCounts;
}

async function main() {
  const { values } = commandLine(USAGE, {
    ...(Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, { type: 'string' }])) as Record<
      keyof typeof OPTIONS,
      { type: 'string' }
    >),
    'database-url': { type: 'string' },
    reset: { type: 'boolean', default: false },
  });
  const counts = countsFrom(values);
  loadDotEnv();
  const config = parseEnv(process.env);
  const database = await startDatabase({
    share: true,
    databaseUrl: values['database-url'] ?? config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    logger: createLogger('warn'),
  });
  try {
    const orm = await initORM({ clientUrl: database.url }); // migrate
    await orm.close();
    const result = await seed(database.url, counts, { reset: values.reset });
    console.log(
      `seeded ${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s: ${result.rate.toLocaleString('en')} rows/s`,
    );
    console.log(
      `every seeded user logs in as ${seedEmail(1)} … ${seedEmail(counts.users)} with password "${SEED_PASSWORD}"`,
    );
  } finally {
    await database.stop();
  }
}

if (process.argv[1]?.endsWith('seed.ts')) {
  try {
    await main();
  } catch (error) {
    // What the user can act on is one line; see `npm run seed -- --help`.
    const known = error instanceof UsageError || error instanceof SeedRefusal;
    console.error(
      known
        ? `npm run seed: ${error.message}`
        : formatStartupFailure(classifyStartupFailure(error), process.stderr.isTTY === true),
    );
    process.exit(1);
  }
}
