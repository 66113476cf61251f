import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type LiveEvent,
  type LiveKind,
  listEventsAfter,
  longestWriteMs,
  REPLAY_WALK,
} from '../../../src/live/live.queries.js';
import { namedStatements } from '../../../src/db/sql.js';
import { genericPlan, rowsRead, scansOf } from '../../support/plans.js';
import { type TestUser, useHarness } from '../../support/harness.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A replay over a range longer than REPLAY_WALK reads what the reader follows (each followed
 * author's, tag's and reposter's events from the resume id on), not the range: its batches must be
 * the very events a read of every id in the range gives (chunks of at most REPLAY_WALK ids), in the
 * same order, whatever the batch size. The reader follows authors, a reposter and a tag, mutes a
 * followed user and blocks a stranger who posts in the tag. A second reader (`crowd`) follows the
 * same, and SILENT users who posted and reposted a year before the resume id, one of whom posts
 * and another reposts again in the range: their bounds (follows.author_bound, repost_bound) keep
 * the silent ones out of a batch's probes, and those who woke up in.
 */
const h = useHarness();
const SILENT = 3_000;
const writeMs = () => longestWriteMs(h.services.config);
const TAG = 'replaybound';
let reader: TestUser;
let author: TestUser;
let reposter: TestUser;
let muted: TestUser;
let blocked: TestUser;
let stranger: TestUser;
let crowd: TestUser;
let afterId: number;
let throughId: number;
const expected: Record<'feed' | 'home', number[]> = { feed: [], home: [] };
let woken: Record<'feed' | 'home', number[]>;

const fillers = (count: number) =>
  h.orm.em
    .getConnection()
    .execute(
      `insert into posts (title, content, author_id) select 'filler', 'not followed', ? from generate_series(1, ${count})`,
      [stranger.id],
    );
/** The `id` of the first row `sql` answers. */
const idOf = async (sql: string, values: unknown[] = []) =>
  (await h.orm.em.getConnection().execute<{ id: number }[]>(sql, values))[0]!.id;
const post = async (user: TestUser, content: string) =>
  (await h.caller(user.token).posts.create({ title: 'replay', content })).id;
const repost = async (user: TestUser, id: number) => {
  await h.caller(user.token).posts.repost({ id });
  return idOf('select id from reposts where post_id = ? and user_id = ?', [id, user.id]);
};

beforeAll(async () => {
  [reader, author, reposter, muted, blocked, stranger, crowd] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
  ];
  const me = h.caller(reader.token);
  for (const user of [author, reposter, muted]) await me.users.follow({ id: user.id });
  await me.users.mute({ id: muted.id });
  await me.users.block({ id: blocked.id });
  await me.tags.follow({ tag: TAG });
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'replay-silent-' || g || '@example.com', 'x', 'Silent', 'User' from generate_series(1, ${SILENT}) g`,
  );
  await conn.execute(
    `with old as (insert into posts (title, content, author_id, created_at)
       values ('old', 'reposted a year ago', ?, now() - interval '400 days') returning id)
     insert into reposts (post_id, user_id, created_at)
       select old.id, u.id, now() - interval '399 days' from old, users u where u.email like 'replay-silent-%'`,
    [stranger.id],
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'silent', 'a year ago', u.id, now() - interval '400 days' - random() * interval '300 days'
     from users u where u.email like 'replay-silent-%'`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select ?, id from users where email like 'replay-silent-%'`,
    [crowd.id],
  );
  for (const user of [author, reposter]) await h.caller(crowd.token).users.follow({ id: user.id });
  await h.caller(crowd.token).tags.follow({ tag: TAG });
  const silent = (n: number) => idOf(`select id from users where email = 'replay-silent-${n}@example.com'`);
  const [posterId, reposterId] = [await silent(1), await silent(2)];

  afterId = await post(author, 'seen before');
  await fillers(70);
  const both = await post(author, `by a followed author, in a followed tag #${TAG}`);
  const tagged = await post(stranger, `#${TAG} by a stranger`);
  const blockedTagged = await post(blocked, `#${TAG} by a blocked user`);
  await post(muted, 'by a muted followed user');
  const reposted = await repost(reposter, tagged);
  const repostedBlocked = await repost(reposter, blockedTagged);
  await fillers(70);
  const own = await post(reposter, 'by the reposter');
  const many: number[] = [];
  for (let i = 0; i < 6; i++) many.push(await post(author, `one of many ${i}`));
  await repost(muted, many[0]!);
  await fillers(70);
  // Two silent users wake up after a year: one posts, the other reposts (each bound on its own).
  const awake = await idOf(
    `insert into posts (title, content, author_id) values ('awake', 'after a year', ?) returning id`,
    [posterId],
  );
  const awakeRepost = await idOf(`insert into reposts (post_id, user_id) values (?, ?) returning id`, [
    own,
    reposterId,
  ]);
  const last = await post(author, 'last');
  throughId = last;
  expected.feed = [both, own, ...many, last];
  expected.home = [both, tagged, reposted, own, ...many, last];
  // `crowd` blocks no one: the blocked user's tagged post and its repost are theirs too.
  woken = {
    feed: [both, own, ...many, awake, last],
    home: [both, tagged, blockedTagged, reposted, repostedBlocked, own, ...many, awake, awakeRepost, last],
  };
  await conn.execute('analyze');
});

/** Every id of the range read in chunks short enough to be read whole: the replay as it always was. */
async function readWhole(kind: LiveKind, who = reader): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let from = afterId; from < throughId; from += REPLAY_WALK) {
    const through = Math.min(from + REPLAY_WALK, throughId);
    events.push(
      ...(await listEventsAfter(h.orm, kind, who.id, { afterId: from, throughId: through, limit: 1000 }, writeMs())),
    );
  }
  return events;
}

/** The replay as a stream reads it: batches of `limit` from the resume id, until one comes up short. */
async function replay(kind: LiveKind, limit: number, who = reader): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let cursor = afterId, batch = limit; batch === limit;) {
    const read = await listEventsAfter(h.orm, kind, who.id, { afterId: cursor, throughId, limit }, writeMs());
    events.push(...read);
    batch = read.length;
    cursor = read.at(-1)?.id ?? cursor;
  }
  return events;
}

describe('a replay longer than REPLAY_WALK ids, read off what the reader follows', () => {
  it('covers a range the walk does not read whole', () => {
    expect(throughId - afterId).toBeGreaterThan(REPLAY_WALK);
  });

  for (const kind of ['feed', 'home'] as const) {
    it(`/live/${kind}: the same events, in the same order, in batches of 1, 3 and 100`, async () => {
      const whole = await readWhole(kind);
      expect(whole.map((event) => event.id)).toEqual(expected[kind]);
      for (const limit of [1, 3, 100]) expect(await replay(kind, limit)).toEqual(whole);
    });
  }
});

/** Index probes of posts and reposts (every scan's loops), the rows they read, and rows read off follows, in a batch's generic plan. */
async function batchReads(name: string, who: TestUser, settleMs: number) {
  const statement = namedStatements().get(name)!;
  const { Plan } = await genericPlan(
    h.orm,
    statement.text,
    ['int', 'int', 'int', 'int', 'int'],
    [who.id, afterId, throughId, 100, settleMs],
  );
  return {
    probes: scansOf(Plan, ['posts', 'reposts']).reduce((sum, node) => sum + (node['Actual Loops'] ?? 1), 0),
    rows: rowsRead(Plan, ['posts', 'reposts']),
    follows: rowsRead(Plan, ['follows']),
  };
}

describe(`a reader of ${SILENT} users silent for a year, two of whom wake up in the range`, () => {
  for (const kind of ['feed', 'home'] as const) {
    it(`/live/${kind}: the same events as reading every id, in batches of 1, 3 and 100`, async () => {
      const whole = await readWhole(kind, crowd);
      expect(whole.map((event) => event.id)).toEqual(woken[kind]);
      for (const limit of [1, 3, 100]) expect(await replay(kind, limit, crowd)).toEqual(whole);
    });

    it(`/live/${kind}: a batch probes posts and reposts, and reads follows, for the users active since the resume id only`, async () => {
      const reads = await batchReads(`live_${kind}_after`, crowd, writeMs());
      expect(reads.probes).toBeLessThanOrEqual(100);
      expect(reads.rows).toBeLessThanOrEqual(100);
      expect(reads.follows).toBeLessThanOrEqual(100);
    });
  }
});

/**
 * A write's `created_at` is when its statement began, which may be long before it took its id (a
 * lock wait, a stalled machine): the replay's `since` allows for the longest a statement may run,
 * not the settle wait (docs/live-delivery.md).
 */
describe('a post whose statement began well before the event below the resume id took its id', () => {
  it('is replayed on /live/feed and /live/home', async () => {
    const [slowReader, slowAuthor] = [await h.user(), await h.user()];
    await h.caller(slowReader.token).users.follow({ id: slowAuthor.id });
    // P began a second before a minute's end (its author's bound) after every event so far, and took
    // its id after Q, which began a little less than the statement timeout later: past the minute's
    // end by more than the settle wait.
    const began = Math.ceil(Date.now() / 60_000) * 60_000 + 59_000;
    const q = await idOf(
      `insert into posts (title, content, author_id, created_at) values ('q', 'x', ?, ?) returning id`,
      // A statement may run up to the statement timeout, PostgreSQL's own bound.
      [stranger.id, new Date(began + h.services.config.DB_STATEMENT_TIMEOUT_MS - 1_000).toISOString()],
    );
    const p = await idOf(
      `insert into posts (title, content, author_id, created_at) values ('p', 'x', ?, ?) returning id`,
      [slowAuthor.id, new Date(began).toISOString()],
    );
    await fillers(REPLAY_WALK + 10);
    const through = await idOf('select max(id) as id from posts');
    for (const kind of ['feed', 'home'] as const) {
      const events = await listEventsAfter(
        h.orm,
        kind,
        slowReader.id,
        { afterId: q, throughId: through, limit: 100 },
        writeMs(),
      );
      expect(
        events.map((event) => event.id),
        kind,
      ).toEqual([p]);
    }
  });
});
