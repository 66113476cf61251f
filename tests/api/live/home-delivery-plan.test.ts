import { beforeAll, describe, expect, it, vi } from 'vitest';
import { namedStatements } from '../../../src/db/sql.js';
import { boundPlan, genericPlan, type PlanNode, planNodes, rowsRead, scansOf } from '../../support/plans.js';
import { listHomeEventsForReaders, listPostsForFollowers } from '../../../src/live/live.queries.js';
import { type TestUser, useHarness } from '../../support/harness.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * When a post or repost commits, each process reads who of its home-stream readers gets it
 * (live_home_for_readers, for every reader with a /live/home stream there: up to LIVE_STREAMS_MAX).
 * That must cost what the feed's delivery (live_posts_for_followers) costs: probes of the author's
 * followers among the readers, and the post's JSON built once for those without blocks, not a
 * probe of posts and a JSON build per connected reader. Checked with EXPLAIN ANALYZE.
 */
const h = useHarness();
const READERS = 2_000;
let author: TestUser;
let stranger: TestUser;
let readerIds: number[];
let followedPost: number;
let strangersPost: number;
/** A user followed by FANS users, none of them connected here, and their post. */
const FANS = 3_000;
let celebritysPost: number;
let celebritysRepost: number;
/** A post of a tag the fans follow, by a user nobody follows. */
let taggedPost: number;

/** The most times any scan of posts ran in the plan. */
const postsScanLoops = (plan: PlanNode) =>
  Math.max(
    0,
    ...planNodes(plan)
      .filter((node) => node['Relation Name'] === 'posts')
      .map((node) => node['Actual Loops'] ?? 0),
  );

const explain = (name: string, postIds: number[]) =>
  boundPlan(h.orm, namedStatements().get(name)!.text, [postIds, readerIds]);

const plan = async (name: string, postIds: number[]) => (await explain(name, postIds)).Plan;

beforeAll(async () => {
  [author, stranger] = [await h.user(), await h.user()];
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'home-reader-' || g || '@example.com', 'x', 'Reader' || g, 'Home' from generate_series(1, ${READERS}) g`,
  );
  const rows = await conn.execute<{ id: number }[]>(`select id from users where email like 'home-reader-%'`);
  readerIds = rows.map((row) => row.id);
  await conn.execute(
    `insert into follows (follower_id, followed_id) select id, ? from users where email like 'home-reader-%'`,
    [author.id],
  );
  followedPost = (await h.caller(author.token).posts.create({ title: 'to every reader', content: 'x' })).id;
  strangersPost = (await h.caller(stranger.token).posts.create({ title: 'to no reader', content: 'x' })).id;
  const celebrity = await h.user();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'fan-' || g || '@example.com', 'x', 'Fan' || g, 'Home' from generate_series(1, ${FANS}) g`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select id, ? from users where email like 'fan-%'`,
    [celebrity.id],
  );
  // Most users have a few followers (the fans follow each other): the planner then expects a user's
  // followers to be few, and would read them all, for the celebrity too, unless the statement says otherwise.
  await conn.execute(
    `insert into follows (follower_id, followed_id) select a.id, b.id from users a join users b on b.id = a.id + 1
     where a.email like 'fan-%' and b.email like 'fan-%'`,
  );
  const celebrityCaller = h.caller(celebrity.token);
  celebritysPost = (await celebrityCaller.posts.create({ title: 'to every fan', content: 'x' })).id;
  await celebrityCaller.posts.repost({ id: strangersPost });
  const [repost] = await conn.execute<{ id: number }[]>('select id from reposts where user_id = ? and post_id = ?', [
    celebrity.id,
    strangersPost,
  ]);
  celebritysRepost = repost!.id;
  await conn.execute(`insert into tag_follows (user_id, tag) select id, 'popular' from users where email like 'fan-%'`);
  // Most tags have a follower or two, as most users have.
  await conn.execute(
    `insert into tag_follows (user_id, tag) select id, 'quiet' || id from users where email like 'fan-%'`,
  );
  taggedPost = (await h.caller(stranger.token).posts.create({ title: '#popular', content: 'x' })).id;
  await conn.execute('analyze');
});

/**
 * Who of the readers here follows a post's author (or reposter) is looked up from the smaller side:
 * never by reading every follower of a user with millions of them, on every process, for every post.
 */
describe(`delivering a post of a user with ${FANS} followers to readers who are none of them`, () => {
  const fewReaders = () => `'{${readerIds.slice(0, 3).join(',')}}'`;
  /** The rows of follows the generic plan reads, and its probes of follows, delivering `eventId` to three readers. */
  const followsRead = async (name: string, eventId: number) => {
    const { Plan } = await genericPlan(
      h.orm,
      namedStatements().get(name)!.text,
      ['int[]', 'int[]'],
      [`'{${eventId}}'`, fewReaders()],
    );
    return (
      rowsRead(Plan, ['follows']) + scansOf(Plan, ['follows']).reduce((n, node) => n + (node['Actual Loops'] ?? 0), 0)
    );
  };

  it('the feed (live_posts_for_followers) reads a few follows, not every follower', async () => {
    expect(await followsRead('live_posts_for_followers', celebritysPost)).toBeLessThanOrEqual(20);
  });

  it('still finds the fans among the readers (probed one by one)', async () => {
    const [fan] = await h.orm.em
      .getConnection()
      .execute<{ id: number }[]>(`select id from users where email = 'fan-7@example.com'`);
    const readers = [...readerIds.slice(0, 3), fan!.id];
    const feed = await listPostsForFollowers(h.orm, [celebritysPost], readers);
    expect(feed.flatMap((delivery) => delivery.followers)).toEqual([fan!.id]);
    const home = await listHomeEventsForReaders(h.orm, [celebritysPost, celebritysRepost], readers);
    expect(home.flatMap((delivery) => delivery.readers).sort()).toEqual([fan!.id, fan!.id]);
  });

  it('the home timeline (live_home_for_readers) reads a few tag follows for a post of a tag thousands follow', async () => {
    const { Plan } = await genericPlan(
      h.orm,
      namedStatements().get('live_home_for_readers')!.text,
      ['int[]', 'int[]'],
      [`'{${taggedPost}}'`, fewReaders()],
    );
    expect(rowsRead(Plan, ['tag_follows'])).toBeLessThanOrEqual(20);
  });

  it('the home timeline (live_home_for_readers) reads a few follows, for a post and for a repost', async () => {
    expect(await followsRead('live_home_for_readers', celebritysPost)).toBeLessThanOrEqual(20);
    expect(await followsRead('live_home_for_readers', celebritysRepost)).toBeLessThanOrEqual(20);
  });
});

describe(`delivering one post to ${READERS} connected home readers`, () => {
  it('the feed (live_posts_for_followers): no scan of posts per reader', async () => {
    expect(postsScanLoops(await plan('live_posts_for_followers', [followedPost]))).toBeLessThanOrEqual(10);
    expect(postsScanLoops(await plan('live_posts_for_followers', [strangersPost]))).toBeLessThanOrEqual(10);
  });

  it('the home timeline (live_home_for_readers): a post none of them follows reads no post per reader', async () => {
    expect(postsScanLoops(await plan('live_home_for_readers', [strangersPost]))).toBeLessThanOrEqual(10);
  });

  it('the home timeline (live_home_for_readers): a post all of them follow is built once, not per reader', async () => {
    expect(postsScanLoops(await plan('live_home_for_readers', [followedPost]))).toBeLessThanOrEqual(10);
  });

  // PostgreSQL's default jit = on compiles a statement whose estimated cost passes jit_above_cost:
  // for these statements of hundreds of subplans that takes seconds, on every delivery.
  it('is not JIT-compiled (seconds for a statement this size)', async () => {
    for (const post of [strangersPost, followedPost]) {
      expect((await explain('live_home_for_readers', [post])).JIT?.Functions ?? 0).toBe(0);
    }
  });
});
