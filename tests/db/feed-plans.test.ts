import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RANK_MOST, postListStatement, selectPostList } from '../../src/posts/post-lists.queries.js';
import { boundPlan, genericPlan, type PlanNode, planNodes, sessionLiteral } from '../support/plans.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * A feed page reads a bounded number of index entries whatever the follow graph: it reads the
 * reader's follows in bound order (follows.author_bound) off follows_follower_bound_index, a prefix
 * of a few dozen entries, never all of them, and probes posts for those authors only; a reader of
 * many authors whose newest posts share one minute walks a few of the newest posts instead.
 * Checked on the generic plan, the one a prepared statement keeps, with EXPLAIN ANALYZE.
 */
const h = useHarness();
let many: TestUser;
let few: TestUser;
let manySilent: TestUser;
let crowded: TestUser;
const AUTHORS = FEED_RANK_MOST + 100;
const POSTS_PER_AUTHOR = 5;

/** `count` users whose emails start with `prefix`, each with posts at the instants `createdAt` (SQL of `g`, 1..`posts`) gives, followed by `reader`. */
async function followedAuthors(reader: TestUser, prefix: string, count: number, posts: number, createdAt: string) {
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select '${prefix}' || g || '@example.com', 'x', 'Plan', 'Author' from generate_series(1, ${count}) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'p', 'c', u.id, ${createdAt} from users u cross join generate_series(1, ${posts}) g where u.email like '${prefix}%'`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select ?, id from users where email like '${prefix}%'`,
    [reader.id],
  );
}

beforeAll(async () => {
  [many, few, manySilent, crowded] = [await h.user(), await h.user(), await h.user(), await h.user()];
  // `many` follows AUTHORS authors with POSTS_PER_AUTHOR posts each over the last days.
  await followedAuthors(many, 'plan-author-', AUTHORS, POSTS_PER_AUTHOR, `now() - random() * interval '10 days'`);
  // `few` follows 3 authors silent for a year, behind every post above.
  await followedAuthors(few, 'plan-silent-', 3, 10, `now() - interval '400 days' - g * interval '1 day'`);
  // `manySilent` follows AUTHORS authors silent for a year: none of their posts is among the newest.
  await followedAuthors(
    manySilent,
    'plan-quiet-',
    AUTHORS,
    2,
    `now() - interval '400 days' - random() * interval '300 days'`,
  );
  // `crowded` follows AUTHORS authors whose newest posts all fall in one minute an hour ago: their
  // bounds are all that minute's end, so no floor leaves out more than a few of them.
  await followedAuthors(
    crowded,
    'plan-crowd-',
    AUTHORS,
    2,
    `date_bin('1 minute', now() - interval '1 hour', timestamptz 'epoch') + random() * interval '50 seconds' - (g - 1) * interval '1 day'`,
  );
  await h.orm.em.getConnection().execute('analyze');
});

/** EXPLAIN ANALYZE of the generic plan of a feed page, first or after `before`, for `user`. */
async function feedPlan(user: TestUser, before?: number): Promise<PlanNode> {
  const statement = postListStatement(true, before !== undefined).plain;
  const types = ['uuid', 'int', ...(before === undefined ? [] : ['int']), 'int'];
  const values = [await sessionLiteral(h.orm, user.id), user.id, ...(before === undefined ? [] : [before]), 20];
  return (await genericPlan(h.orm, statement.text, types, values)).Plan;
}

/** EXPLAIN ANALYZE of the unpaged feed's statement (the REST stream's, and /trpc's whole list) for `user`. */
async function unpagedFeedPlan(user: TestUser): Promise<PlanNode> {
  const { text, values } = selectPostList({ viewerId: user.id, followerId: user.id });
  return (await boundPlan(h.orm, text, values)).Plan;
}

/** Index entries read off posts' indexes, over every loop. */
const postsIndexRows = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === 'posts' && node['Node Type'].startsWith('Index'))
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);

/** Rows read off follows (any index or scan), over every loop. */
const followsRows = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === 'follows')
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);

/** Index scans of posts by author (each followed author's newest keys), over every loop. */
/** Scans of posts by author: either index that leads with it (the replay's is by id). */
const AUTHOR_INDEXES = new Set(['posts_author_created_index', 'posts_author_id_index']);
const authorProbes = (plan: PlanNode) =>
  planNodes(plan)
    .filter((node) => AUTHOR_INDEXES.has(node['Index Name'] ?? ''))
    .reduce((sum, node) => sum + (node['Actual Loops'] ?? 0), 0);

const walkedNewestPosts = (plan: PlanNode) =>
  planNodes(plan).some((node) => node['Index Name'] === 'posts_created_index' && (node['Actual Loops'] ?? 0) > 0);

/** The feed's page and the page after its `nth` post, with both plans. */
async function pagesAndPlans(user: TestUser, nth: number) {
  const page = await h.caller(user.token).posts.followed({ limit: 20 });
  expect(page).toHaveLength(20);
  return Promise.all([undefined, page[nth]!.id].map((before) => feedPlan(user, before)));
}

describe('feed page plans', () => {
  it(`a reader of ${AUTHORS} active authors reads a few dozen of their follows in bound order, not every follow`, async () => {
    for (const plan of await pagesAndPlans(many, 19)) {
      expect(walkedNewestPosts(plan)).toBe(false);
      // Follows index entries: the floor's 20 authors, then the 20 and a few bounded above it (and on a
      // `before` page the up to 20 who posted since the cursor). Probes of posts: a head of each, and
      // the newest keys of the 20 ranked authors.
      expect(followsRows(plan)).toBeLessThanOrEqual(3 * 20 + 10);
      expect(authorProbes(plan)).toBeLessThanOrEqual(4 * 20 + 10);
    }
  });

  it('a reader of 3 authors silent for a year takes their newest keys, not a walk of the newer posts', async () => {
    for (const plan of await pagesAndPlans(few, 9)) {
      expect(walkedNewestPosts(plan)).toBe(false);
      // 3 heads for the floor, 3 for the ranking, at most 3 x 20 keys of the newest authors, 20 rows of the page.
      expect(postsIndexRows(plan)).toBeLessThanOrEqual(3 + 3 + 3 * 20 + 20 + 1);
    }
  });

  it(`a reader of ${AUTHORS} authors silent for a year reads a few dozen of their follows, no walk, no pass over every follow`, async () => {
    for (const plan of await pagesAndPlans(manySilent, 9)) {
      expect(walkedNewestPosts(plan)).toBe(false);
      expect(followsRows(plan)).toBeLessThanOrEqual(3 * 20 + 10);
      // The heads of the floor's 20 authors, of those bounded above it, and the 20 ranked authors' newest keys.
      expect(authorProbes(plan)).toBeLessThanOrEqual(4 * 20 + 10);
    }
  });

  it(`a reader of ${AUTHORS} authors whose newest posts share one minute walks the newest posts, no head of each`, async () => {
    for (const plan of await pagesAndPlans(crowded, 19)) {
      expect(walkedNewestPosts(plan)).toBe(true);
      // The floor's 20 heads, then FEED_RANK_MOST + 1 entries tell the page to walk; no probe per author.
      expect(authorProbes(plan)).toBeLessThanOrEqual(20 + 1);
      // The walk stops at the page's 20 (after the few newer posts of others), plus the 20 rows of the page.
      expect(postsIndexRows(plan)).toBeLessThanOrEqual(200);
    }
  });
});

describe('the unpaged feed plan', () => {
  it("reads every followed author's posts as one bitmap, in the heap's order, whatever the follow count", async () => {
    for (const [reader, posts] of [
      [many, AUTHORS * POSTS_PER_AUTHOR],
      [manySilent, AUTHORS * 2],
      [few, 3 * 10],
    ] as const) {
      const plan = await unpagedFeedPlan(reader);
      // One scan of posts_author_created_index for all the authors, not a probe per follow.
      expect(authorProbes(plan)).toBe(1);
      const heap = planNodes(plan).filter(
        (node) => node['Relation Name'] === 'posts' && node['Node Type'] === 'Bitmap Heap Scan',
      );
      expect(heap.map((node) => node['Actual Rows'])).toEqual([posts]);
      expect(walkedNewestPosts(plan)).toBe(false);
    }
  });
});
