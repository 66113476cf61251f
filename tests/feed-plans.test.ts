import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_WALK_FROM, postListStatement } from '../src/posts/posts.queries.js';
import { borrowConnection } from '../src/db/sql.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * A feed page reads a bounded number of index entries whatever the follow graph: a reader of many
 * active authors walks a few of the newest posts, a reader of a few authors silent for long (with
 * many newer posts by others) takes their newest keys, never walking past the others' posts, and a
 * reader of many such authors ranks them off newest_posts in one pass, not a probe of posts each.
 * Checked on the generic plan, the one a prepared statement keeps, with EXPLAIN ANALYZE.
 */
let h: Harness;
let many: TestUser;
let few: TestUser;
let manySilent: TestUser;
const AUTHORS = FEED_WALK_FROM + 100;
const POSTS_PER_AUTHOR = 5;

beforeAll(async () => {
  h = await Harness.start();
  many = await h.user();
  few = await h.user();
  manySilent = await h.user();
  const conn = h.orm.em.getConnection();
  // AUTHORS authors with POSTS_PER_AUTHOR posts each over the last days; `many` follows them all.
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'plan-author-' || g || '@example.com', 'x', 'Plan', 'Author' from generate_series(1, ${AUTHORS}) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'p', 'c', u.id, now() - random() * interval '10 days'
     from users u cross join generate_series(1, ${POSTS_PER_AUTHOR}) g where u.email like 'plan-author-%'`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select ?, id from users where email like 'plan-author-%'`,
    [many.id],
  );
  // `few` follows 3 authors silent for a year, behind every post above.
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'plan-silent-' || g || '@example.com', 'x', 'Plan', 'Silent' from generate_series(1, 3) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'old', 'c', u.id, now() - interval '400 days' - g * interval '1 day'
     from users u cross join generate_series(1, 10) g where u.email like 'plan-silent-%'`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select ?, id from users where email like 'plan-silent-%'`,
    [few.id],
  );
  // `manySilent` follows AUTHORS authors silent for a year: the walk finds none of theirs, every head is ranked.
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'plan-quiet-' || g || '@example.com', 'x', 'Plan', 'Quiet' from generate_series(1, ${AUTHORS}) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'old', 'c', u.id, now() - interval '400 days' - random() * interval '300 days'
     from users u cross join generate_series(1, 2) g where u.email like 'plan-quiet-%'`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select ?, id from users where email like 'plan-quiet-%'`,
    [manySilent.id],
  );
  await conn.execute('analyze');
});
afterAll(() => h.close());

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/** EXPLAIN ANALYZE of the generic plan of a feed page, first or after `before`, for `user`. */
async function feedPlan(user: TestUser, before?: number): Promise<PlanNode> {
  const statement = postListStatement(true, true, before !== undefined).plain;
  const types = ['uuid', 'int', ...(before === undefined ? [] : ['int']), 'int'];
  const { client, release } = await borrowConnection(h.orm);
  try {
    const [{ jti }] = (
      await client.query<{ jti: string }>('select jti from sessions where user_id = $1 limit 1', [user.id])
    ).rows as [{ jti: string }];
    const values = [`'${jti}'`, user.id, ...(before === undefined ? [] : [before]), 20];
    await client.query(`prepare feed_plan (${types.join(', ')}) as ${statement.text}`);
    await client.query('set plan_cache_mode = force_generic_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) execute feed_plan (${values.join(', ')})`,
    );
    return rows[0]!['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('deallocate feed_plan').catch(() => undefined);
    await client.query('reset plan_cache_mode').catch(() => undefined);
    await release();
  }
}

/** Index entries read off posts' indexes, over every loop. */
const postsIndexRows = (plan: PlanNode) =>
  nodes(plan)
    .filter((node) => node['Relation Name'] === 'posts' && node['Node Type'].startsWith('Index'))
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);

/** Index scans of posts by author (each followed author's newest keys), over every loop. */
const authorProbes = (plan: PlanNode) =>
  nodes(plan)
    .filter((node) => node['Index Name'] === 'posts_author_created_index')
    .reduce((sum, node) => sum + (node['Actual Loops'] ?? 0), 0);

/** The nodes that read newest_posts and ran. */
const newestPostsReads = (plan: PlanNode) =>
  nodes(plan).filter((node) => node['Relation Name'] === 'newest_posts' && (node['Actual Loops'] ?? 0) > 0);

const walkedNewestPosts = (plan: PlanNode) =>
  nodes(plan).some((node) => node['Index Name'] === 'posts_created_index' && (node['Actual Loops'] ?? 0) > 0);

describe('feed page plans', () => {
  it(`a reader of ${AUTHORS} active authors walks a few dozen of the newest posts, not every author's`, async () => {
    const page = await h.caller(many.token).posts.followed({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page.at(-1)!.id]) {
      const plan = await feedPlan(many, before);
      expect(walkedNewestPosts(plan)).toBe(true);
      // Every post is followed: the walk stops at the page's 20, plus the 20 rows of the page.
      expect(postsIndexRows(plan)).toBeLessThanOrEqual(100);
    }
  });

  it('a reader of 3 authors silent for a year takes their newest keys, not a walk of the newer posts', async () => {
    const page = await h.caller(few.token).posts.followed({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page[9]!.id]) {
      const plan = await feedPlan(few, before);
      expect(walkedNewestPosts(plan)).toBe(false);
      // 3 heads, at most 3 x 20 keys of the newest authors, 20 rows of the page.
      expect(postsIndexRows(plan)).toBeLessThanOrEqual(3 + 3 * 20 + 20 + 1);
    }
  });

  it(`a reader of ${AUTHORS} authors silent for a year ranks them in one pass over newest_posts, not a probe of posts per author`, async () => {
    const page = await h.caller(manySilent.token).posts.followed({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page[9]!.id]) {
      const plan = await feedPlan(manySilent, before);
      // The heads of the 20 latest-bounded authors (the floor), of those bounded above it (20, and a
      // few sharing a bound's minute), and the 20 ranked authors' newest keys: not one per follow.
      expect(authorProbes(plan)).toBeLessThanOrEqual(3 * 20 + 10);
      const reads = newestPostsReads(plan);
      // The first page ranks every head; past a silent author's post the walk finds the older silent posts at once.
      if (before === undefined) expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read['Actual Loops']).toBe(1);
    }
  });
});
