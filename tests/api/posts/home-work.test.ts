import { beforeAll, describe, expect, it } from 'vitest';
import { borrowConnection } from '../../../src/db/sql.js';
import {
  HOME_TAG_AUTHORS_READ,
  HOME_TAG_WALK,
  homePageStatement,
  selectHomeList,
} from '../../../src/posts/home.queries.js';
import { FEED_RANK_MOST } from '../../../src/posts/post-lists.queries.js';
import { type Explained, genericPlan, type PlanNode, planNodes, sessionLiteral } from '../../support/plans.js';
import { type TestUser, useHarness } from '../../support/harness.js';

/**
 * What a home page reads does not grow with what users can make grow: a post's reposts by
 * strangers, the reader's follows. Checked on the generic plan, the one a prepared statement keeps,
 * with EXPLAIN ANALYZE: index entries read per relation, over every loop, and no JIT.
 */
const h = useHarness();

const STRANGERS = 3_000;
const FOLLOWED = 1_000;

/** Rows read off `relation` (any index or scan), over every loop. */
const rowsOf = (plan: PlanNode, relation: string) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), 0);

/** Rows read off `relation`, those a scan's filter dropped included (both per loop in a plan), over every loop. */
const readOf = (plan: PlanNode, relation: string) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce(
      (sum, node) =>
        sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
      0,
    );

/** Scans started on `relation` (any index or scan), over every loop. */
const scansOf = (plan: PlanNode, relation: string) =>
  planNodes(plan)
    .filter((node) => node['Relation Name'] === relation)
    .reduce((sum, node) => sum + (node['Actual Loops'] ?? 0), 0);

/** Scans started on the index `name`, over every loop. */
const probesOf = (plan: PlanNode, name: string) =>
  planNodes(plan)
    .filter((node) => node['Index Name'] === name)
    .reduce((sum, node) => sum + (node['Actual Loops'] ?? 0), 0);

const sql = <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
  h.orm.em.getConnection().execute<T[]>(text, values);

/** Users made directly (no sign-up): their ids, in order. */
async function makeUsers(count: number, prefix: string): Promise<number[]> {
  const rows = await sql<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name)
     select '${prefix}-' || g || '@example.com', 'x', 'Work', 'User' || g from generate_series(1, ?) g returning id`,
    [count],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** A post by `author`, `minutesAgo` minutes old, with `tags`: its id. */
async function post(author: number, minutesAgo: number, tags: string[] = []): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into posts (title, content, author_id, created_at, tags)
     values ('w', 'c', ?, now() - ? * interval '1 minute', nullif(?::varchar(50)[], '{}')) returning id`,
    [author, minutesAgo, `{${tags.join(',')}}`],
  );
  return row!.id;
}

/** Reposts of `postId` by `users`, the first `minutesAgo` minutes old and each next one a millisecond newer. */
async function reposts(postId: number, users: number[], minutesAgo: number): Promise<void> {
  await sql(
    `insert into reposts (post_id, user_id, created_at)
     select ?, u.id, now() - ? * interval '1 minute' + u.n * interval '1 millisecond' from unnest(?::int[]) with ordinality u(id, n)`,
    [postId, minutesAgo, `{${users.join(',')}}`],
  );
}

/** EXPLAIN ANALYZE of the generic plan of `reader`'s home page of 20 (the plain statement, or the guarded one), first or after `before`. */
async function homePlan(reader: TestUser, before?: string, variant: 'plain' | 'guarded' = 'plain'): Promise<Explained> {
  const statement = homePageStatement(before !== undefined)[variant];
  const after = before === undefined ? [] : before.split('_');
  const types = ['uuid', 'int', ...(before === undefined ? [] : ['bigint', 'int']), 'int'];
  const values = [await sessionLiteral(h.orm, reader.id), reader.id, ...after, 20];
  return genericPlan(h.orm, statement.text, types, values);
}

describe('the work of a home page', () => {
  let reader: TestUser;
  let manyReader: TestUser;
  let viral: number;
  let reposted: number;
  let newestOld: number;

  beforeAll(async () => {
    // Strangers first, so the reader's follows have the highest ids: a merge of a post's reposts
    // (by user id) with the follows would read every stranger's repost before it reached them.
    const strangers = await makeUsers(STRANGERS, 'work-stranger');
    const [author, reposter, ...others] = await makeUsers(10, 'work-followed');
    reader = await h.user();
    await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [
      reader.id,
      `{${[author, reposter, ...others].join(',')}}`,
    ]);
    for (const [i, other] of others.entries()) await post(other, 120 + i);
    // A followed author's post that every stranger reposted, and none the reader follows.
    viral = await post(author!, 60);
    await reposts(viral, strangers, 50);
    // A post a followed user reposted, and every stranger after them.
    reposted = await post(strangers[0]!, 90);
    await reposts(reposted, [reposter!], 80);
    await reposts(reposted, strangers.slice(1), 40);
    // The background PostgreSQL plans for: old posts of a few reposts each.
    const [background] = await sql<{ first: number }>(
      `with made as (insert into posts (title, content, author_id, created_at)
         select 'b', 'c', s, now() - interval '2 days' from unnest(?::int[]) s returning id)
       select min(id) as first from made`,
      [`{${strangers.join(',')}}`],
    );
    await sql(
      `insert into reposts (post_id, user_id, created_at)
       select ? + (s.n + g) % ?, s.id, now() - interval '1 day' from unnest(?::int[]) with ordinality s(id, n), generate_series(1, 3) g`,
      [background!.first, STRANGERS, `{${strangers.join(',')}}`],
    );
    // A reader of FOLLOWED users who each reposted one of those posts a day ago, a minute apart.
    const reposters = await makeUsers(FOLLOWED, 'work-reposter');
    manyReader = await h.user();
    await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [
      manyReader.id,
      `{${reposters.join(',')}}`,
    ]);
    await sql(
      `insert into reposts (post_id, user_id, created_at)
       select ? + r.n, r.id, now() - interval '1 day' - r.n * interval '1 minute' from unnest(?::int[]) with ordinality r(id, n)`,
      [background!.first, `{${reposters.join(',')}}`],
    );
    newestOld = background!.first + 1;
    await sql('analyze');
  });

  it(`reads neither the ${STRANGERS} reposts of a viral post nor those after a followed user's, and is not JIT-compiled`, async () => {
    const page = await h.caller(reader.token).posts.home({ limit: 20 });
    expect(page.slice(0, 2).map((item) => [item.id, item.repostedBy?.id ?? null])).toEqual([
      [viral, null],
      [reposted, expect.any(Number)],
    ]);
    for (const before of [undefined, page[0]!.cursor]) {
      // The guarded statement (a reader with blocks or mutes) carries every check: it is not compiled either.
      expect((await homePlan(reader, before, 'guarded')).JIT).toBeUndefined();
      const explained = await homePlan(reader, before);
      expect(explained.JIT).toBeUndefined();
      // The walk of the 500 newest reposts, and a few probes of each side per item; never a post's every repost.
      expect(rowsOf(explained.Plan, 'reposts')).toBeLessThan(1_000);
    }
  });

  it(`reads a few dozen of ${FOLLOWED} followed reposters' reposts, in bound order, when the newest reposts are strangers'`, async () => {
    const page = await h.caller(manyReader.token).posts.home({ limit: 20 });
    expect(page).toHaveLength(20);
    expect(page[0]!.id).toBe(newestOld);
    for (const before of [undefined, page[19]!.cursor]) {
      const { Plan } = await homePlan(manyReader, before);
      // The floor's 20 heads, then the heads of the 20 and a few bounded above it, and their newest reposts.
      expect(probesOf(Plan, 'reposts_user_created_index')).toBeLessThanOrEqual(4 * 20 + 10);
      expect(rowsOf(Plan, 'follows')).toBeLessThanOrEqual(4 * 20 + 10 + 500);
    }
  });
});

describe('a reader of tags only', () => {
  it("probes no post's reposts: no user they follow reposted any", async () => {
    const [author] = await makeUsers(1, 'tags-only');
    const reader = await h.user();
    const tags = Array.from({ length: 30 }, (_, i) => `only${i}`);
    for (const [i, tag] of tags.entries()) for (let k = 0; k < 3; k++) await post(author!, 10 + i + 40 * k, [tag]);
    await sql(`insert into tag_follows (user_id, tag) select ?, unnest(?::varchar(50)[])`, [
      reader.id,
      `{${tags.join(',')}}`,
    ]);
    await sql('analyze');
    const page = await h.caller(reader.token).posts.home({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page[19]!.cursor]) {
      const { Plan } = await homePlan(reader, before);
      // The page's own posts' counters, once each; none for the 30 tags' heads and their walks.
      expect(scansOf(Plan, 'post_stats')).toBeLessThanOrEqual(20);
    }
  });
});

/** The ids of the reader's home timeline read page by page, `size` a page, to its end. */
async function pagedIds(reader: TestUser, size: number): Promise<number[]> {
  const got: number[] = [];
  for (let before: string | undefined; ;) {
    const page = await h.caller(reader.token).posts.home({ limit: size, ...(before && { before }) });
    got.push(...page.map((item) => item.id));
    if (page.length < size) return got;
    before = page.at(-1)!.cursor;
  }
}

/** The reader's whole home timeline (selectHomeList, the unpaged statement). */
async function wholeList(reader: TestUser): Promise<{ id: number }[]> {
  const { text, values } = selectHomeList({ viewerId: reader.id });
  const { client, release } = await borrowConnection(h.orm);
  try {
    return (await client.query<{ json: string }>(text, values)).rows.map((row) => JSON.parse(row.json));
  } finally {
    await release();
  }
}

describe('a followed tag whose newest posts are by an author the reader hides', () => {
  const HIDDEN_POSTS = 2_000;
  let blocker: TestUser;
  let muter: TestUser;
  let blockedBy: TestUser;

  beforeAll(async () => {
    const [hidden, reposter, ...authors] = await makeUsers(7, 'tag-hidden');
    [blocker, muter, blockedBy] = [await h.user(), await h.user(), await h.user()];
    // The others' posts with #rust and #zig, a few a minute over three hours (some sharing their minute, and
    // some a followed user reposted), and the hidden author's: their newest, and some among the others'.
    for (let i = 0; i < 60; i++)
      await post(authors[i % authors.length]!, 30 + 3 * i, i % 4 === 0 ? ['rust', 'zig'] : ['rust']);
    await sql(
      `insert into posts (title, content, author_id, created_at, tags)
       select 'h', 'c', ?, now() - (case when g % 10 = 0 then 30 + g % 180 else g * 0.01 end)::float8 * interval '1 minute', '{rust,zig}'
       from generate_series(1, ?) g`,
      [hidden, HIDDEN_POSTS],
    );
    const reposted = await sql<{ id: number }>(
      `select post_id as id from post_tags where tag = 'rust' and author_id <> ? order by created_at desc limit 5 offset 3`,
      [hidden],
    );
    for (const [i, { id }] of reposted.entries()) await reposts(id, [reposter!], 20 - i);
    for (const reader of [blocker, muter, blockedBy]) {
      await sql(`insert into tag_follows (user_id, tag) values (?, 'rust'), (?, 'zig')`, [reader.id, reader.id]);
      await sql(`insert into follows (follower_id, followed_id) values (?, ?)`, [reader.id, reposter]);
    }
    await sql(`insert into blocks (blocker_id, blocked_id) values (?, ?), (?, ?)`, [
      blocker.id,
      hidden,
      hidden,
      blockedBy.id,
    ]);
    await sql(`insert into mutes (muter_id, muted_id) values (?, ?)`, [muter.id, hidden]);
    await sql('analyze');
  });

  it(`reads the tags' rows, not the hidden author's ${HIDDEN_POSTS} posts, on the first page and after it`, async () => {
    for (const reader of [blocker, muter, blockedBy]) {
      const page = await h.caller(reader.token).posts.home({ limit: 20 });
      expect(page).toHaveLength(20);
      for (const before of [undefined, page[19]!.cursor]) {
        const { Plan } = await homePlan(reader, before, 'guarded');
        // Per tag, walks of at most 1 + HOME_TAG_WALK posts (its head) and 20 + HOME_TAG_WALK (its
        // page), then one row and a few posts per author. The rows tag_authors gives, not those it
        // reads: the planner may scan this test's few dozen whole (the crowd's test bounds that at scale).
        expect(readOf(Plan, 'post_tags') + rowsOf(Plan, 'tag_authors')).toBeLessThan(
          2 * (2 * HOME_TAG_WALK + 21) + 200,
        );
      }
    }
  });

  it('pages of 20 and of 7 are the whole list, page by page', async () => {
    for (const reader of [blocker, muter, blockedBy]) {
      const want = (await wholeList(reader)).map((item) => item.id);
      expect(want.length).toBeGreaterThanOrEqual(60);
      for (const size of [20, 7]) expect(await pagedIds(reader, size), `pages of ${size}`).toEqual(want);
    }
  });
});

/**
 * `reader` follows `tag`, whose newest 150 posts, a second apart, are by `flooder`, whom they mute:
 * a page's walk of the tag keeps none of them and ranks the tag's authors.
 */
async function followTagOverMutedFlood(reader: TestUser, tag: string, flooder: number): Promise<void> {
  await sql(
    `insert into posts (title, content, author_id, created_at, tags)
     select 'f', 'c', ?, now() - g * interval '1 second', array[?::varchar(50)] from generate_series(1, 150) g`,
    [flooder, tag],
  );
  await sql(`insert into tag_follows (user_id, tag) values (?, ?)`, [reader.id, tag]);
  await sql(`insert into mutes (muter_id, muted_id) values (?, ?)`, [reader.id, flooder]);
  await vacuumed();
}

/**
 * Statistics, and tag_authors vacuumed as autovacuum keeps it: on a table of just-written rows the
 * planner prices an index-only walk of its bound index as a heap read per row, and may sort the
 * tag's authors instead.
 */
async function vacuumed(): Promise<void> {
  await sql('analyze');
  await sql('vacuum tag_authors');
}

/**
 * A stale head: an author whose bound in a tag is recent (a post with the tag since deleted) but
 * whose newest post with it is a year old. Among the first authors by bound, it must not drag the
 * tag's floor down to a year ago, which would rank every author of the tag since.
 */
describe('a followed tag whose ranking meets an author with a stale bound', () => {
  const OTHERS = 300;
  let reader: TestUser;

  beforeAll(async () => {
    const [flooder, stale, ...others] = await makeUsers(2 + OTHERS, 'tag-stale');
    reader = await h.user();
    // The others' posts with #news, one each, an hour apart from a day ago back; the stale author's a
    // year ago, and one five minutes ago, deleted; a muted flooder's newest 150.
    for (const [i, other] of others.entries()) await post(other, 24 * 60 + 60 * i, ['news']);
    await post(stale!, 365 * 24 * 60, ['news']);
    await sql('delete from posts where id = ?', [await post(stale!, 5, ['news'])]);
    await followTagOverMutedFlood(reader, 'news', flooder!);
  });

  it(`probes the heads of a few of the tag's ${OTHERS} authors, not all of them, on the first page and after it`, async () => {
    const page = await h.caller(reader.token).posts.home({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page[19]!.cursor]) {
      const { Plan } = await homePlan(reader, before, 'guarded');
      // The first 2 x 20 authors by bound, the 20 ranked above the floor and their posts: not one per author.
      expect(probesOf(Plan, 'post_tags_tag_author_index')).toBeLessThanOrEqual(2 * 20 + 2 * 21);
    }
  });

  it('pages of 20 and of 7 are the whole list, page by page', async () => {
    const want = (await wholeList(reader)).map((item) => item.id);
    expect(want).toHaveLength(OTHERS + 1);
    for (const size of [20, 7]) expect(await pagedIds(reader, size), `pages of ${size}`).toEqual(want);
  });
});

/**
 * Many cheap accounts, each posting once with a tag in the same minute, and a muted flooder whose
 * newest posts fill the walk: the page ranks the tag's authors, and must not read or probe every
 * one of them (they share their minute), only a bounded prefix of them in bound order.
 */
describe('a followed tag that thousands of accounts posted to in one minute', () => {
  const CROWD = 5_000;
  let reader: TestUser;
  let flooder: number;

  beforeAll(async () => {
    const [flood, ...crowd] = await makeUsers(1 + CROWD, 'tag-crowd');
    flooder = flood!;
    reader = await h.user();
    // The crowd's posts with #crowd within one minute, a few milliseconds apart; the flooder's 150 newer.
    await sql(
      `insert into posts (title, content, author_id, created_at, tags)
       select 'c', 'c', u.id, date_trunc('minute', now()) - interval '10 minutes' + u.n * interval '10 milliseconds', '{crowd}'
       from unnest(?::int[]) with ordinality u(id, n)`,
      [`{${crowd.join(',')}}`],
    );
    await followTagOverMutedFlood(reader, 'crowd', flooder!);
  });

  it(`reads a bounded prefix of the tag's ${CROWD} authors, on the first page and after it`, async () => {
    const page = await h.caller(reader.token).posts.home({ limit: 20 });
    expect(page).toHaveLength(20);
    for (const before of [undefined, page[19]!.cursor]) {
      const { Plan } = await homePlan(reader, before, 'guarded');
      expect(readOf(Plan, 'tag_authors')).toBeLessThanOrEqual(2 * 20 + FEED_RANK_MOST + 4);
      expect(probesOf(Plan, 'post_tags_tag_author_index')).toBeLessThanOrEqual(2 * 20 + FEED_RANK_MOST + 21);
    }
  });

  it("pages of 20 are the whole list's, newest first, for the first pages", async () => {
    const want = (await wholeList(reader)).map((item) => item.id);
    expect(want).toHaveLength(CROWD);
    const got: number[] = [];
    for (let before: string | undefined; got.length < 100;) {
      const page = await h.caller(reader.token).posts.home({ limit: 20, ...(before && { before }) });
      got.push(...page.map((item) => item.id));
      before = page.at(-1)!.cursor;
    }
    expect(got).toEqual(want.slice(0, 100));
  });
});

/**
 * Accounts that block the reader, each posting once with a tag the reader follows, newer than the
 * tag's other posts: each is one row of a ranking, and up to HOME_TAG_AUTHORS_READ of them leave the
 * reader's pages the whole list; past that, a page's read of them stops there.
 */
describe('a followed tag whose newest authors block the reader', () => {
  const OLDER = 40;
  let reader: TestUser;
  let floodedReader: TestUser;

  /** `count` accounts blocking `victim`, each posting once with `tag` in the last minutes: none is shown to them. */
  async function blockersPosting(victim: TestUser, tag: string, count: number): Promise<void> {
    const blockers = await makeUsers(count, `tag-blocker-${tag}`);
    await sql(`insert into blocks (blocker_id, blocked_id) select unnest(?::int[]), ?`, [
      `{${blockers.join(',')}}`,
      victim.id,
    ]);
    await sql(
      `insert into posts (title, content, author_id, created_at, tags)
       select 'b', 'c', u.id, now() - u.n * interval '100 milliseconds', array[?::varchar(50)]
       from unnest(?::int[]) with ordinality u(id, n)`,
      [tag, `{${blockers.join(',')}}`],
    );
  }

  beforeAll(async () => {
    [reader, floodedReader] = [await h.user(), await h.user()];
    const others = await makeUsers(OLDER, 'tag-blocked-older');
    for (const [tag, victim, blockers] of [
      ['blocked', reader, 250],
      ['flooded', floodedReader, HOME_TAG_AUTHORS_READ + 500],
    ] as const) {
      for (const [i, other] of others.entries()) await post(other, 60 + i, [tag]);
      await blockersPosting(victim, tag, blockers);
      await sql(`insert into tag_follows (user_id, tag) values (?, ?)`, [victim.id, tag]);
    }
    await vacuumed();
  });

  it('pages of 10 and of 20 are the whole list, page by page, past 250 of them', async () => {
    const want = (await wholeList(reader)).map((item) => item.id);
    expect(want).toHaveLength(OLDER);
    for (const size of [10, 20]) expect(await pagedIds(reader, size), `pages of ${size}`).toEqual(want);
  });

  it(`reads at most ${HOME_TAG_AUTHORS_READ} of their rows per ranking, past ${HOME_TAG_AUTHORS_READ + 500} of them`, async () => {
    const { Plan } = await homePlan(floodedReader, undefined, 'guarded');
    expect(readOf(Plan, 'tag_authors')).toBeLessThanOrEqual(2 * HOME_TAG_AUTHORS_READ + 2);
  });
});
