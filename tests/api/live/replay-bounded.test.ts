import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type LiveEvent, type LiveKind, listEventsAfter, REPLAY_WALK } from '../../../src/live/live.queries.js';
import { type TestUser, useHarness } from '../../support/harness.js';

vi.setConfig({ testTimeout: 120_000 });

/**
 * A replay over a range longer than REPLAY_WALK reads what the reader follows (each followed
 * author's, tag's and reposter's events from the resume id on), not the range: its batches must be
 * the very events a read of every id in the range gives (chunks of at most REPLAY_WALK ids), in the
 * same order, whatever the batch size. The reader follows authors, a reposter and a tag, mutes a
 * followed user and blocks a stranger who posts in the tag.
 */
const h = useHarness();
const TAG = 'replaybound';
let reader: TestUser;
let author: TestUser;
let reposter: TestUser;
let muted: TestUser;
let blocked: TestUser;
let stranger: TestUser;
let afterId: number;
let throughId: number;
const expected: Record<'feed' | 'home', number[]> = { feed: [], home: [] };

const fillers = (count: number) =>
  h.orm.em
    .getConnection()
    .execute(
      `insert into posts (title, content, author_id) select 'filler', 'not followed', ? from generate_series(1, ${count})`,
      [stranger.id],
    );
const post = async (user: TestUser, content: string) =>
  (await h.caller(user.token).posts.create({ title: 'replay', content })).id;
const repost = async (user: TestUser, id: number) => {
  await h.caller(user.token).posts.repost({ id });
  const [row] = await h.orm.em
    .getConnection()
    .execute<{ id: number }[]>('select id from reposts where post_id = ? and user_id = ?', [id, user.id]);
  return row!.id;
};

beforeAll(async () => {
  [reader, author, reposter, muted, blocked, stranger] = [
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

  afterId = await post(author, 'seen before');
  await fillers(70);
  const both = await post(author, `by a followed author, in a followed tag #${TAG}`);
  const tagged = await post(stranger, `#${TAG} by a stranger`);
  const blockedTagged = await post(blocked, `#${TAG} by a blocked user`);
  await post(muted, 'by a muted followed user');
  const reposted = await repost(reposter, tagged);
  await repost(reposter, blockedTagged);
  await fillers(70);
  const own = await post(reposter, 'by the reposter');
  const many: number[] = [];
  for (let i = 0; i < 6; i++) many.push(await post(author, `one of many ${i}`));
  await repost(muted, many[0]!);
  await fillers(70);
  const last = await post(author, 'last');
  throughId = last;
  expected.feed = [both, own, ...many, last];
  expected.home = [both, tagged, reposted, own, ...many, last];
  await h.orm.em.getConnection().execute('analyze');
});

/** Every id of the range read in chunks short enough to be read whole: the replay as it always was. */
async function readWhole(kind: LiveKind): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let from = afterId; from < throughId; from += REPLAY_WALK) {
    const through = Math.min(from + REPLAY_WALK, throughId);
    events.push(...(await listEventsAfter(h.orm, kind, reader.id, { afterId: from, throughId: through, limit: 1000 })));
  }
  return events;
}

/** The replay as a stream reads it: batches of `limit` from the resume id, until one comes up short. */
async function replay(kind: LiveKind, limit: number): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (let cursor = afterId, batch = limit; batch === limit;) {
    const read = await listEventsAfter(h.orm, kind, reader.id, { afterId: cursor, throughId, limit });
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
