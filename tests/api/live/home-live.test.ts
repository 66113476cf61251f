import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';
import { listHomeEventsForReaders } from '../../../src/live/live.queries.js';

vi.setConfig({ testTimeout: 60_000 });

/**
 * GET /live/home and live.home: the home timeline's new items as they commit (a followed user's
 * post, a followed tag's post, a followed user's repost), each as its list shows it, with the
 * item's cursor as the event's id; Last-Event-ID (a cursor) resumes after it.
 */
const SETTLE_MS = 300;
const h = useHarness({ LIVE_HEARTBEAT_MS: '200', LIVE_SETTLE_MAX_WAIT_MS: String(SETTLE_MS) });
let reader: TestUser;
let friend: TestUser;
let stranger: TestUser;
let muted: TestUser;
const streams: SseReader[] = [];

beforeAll(async () => {
  [reader, friend, stranger, muted] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
  await h.caller(reader.token).users.follow({ id: friend.id });
  await h.caller(reader.token).users.follow({ id: muted.id });
  await h.caller(reader.token).users.mute({ id: muted.id });
  await h.caller(reader.token).tags.follow({ tag: 'livetag' });
});
afterAll(() => {
  for (const stream of streams) stream.close();
});

async function open(headers: Record<string, string> = {}) {
  const stream = await SseReader.open(`${h.baseUrl}/live/home`, {
    authorization: `Bearer ${reader.token}`,
    ...headers,
  });
  streams.push(stream);
  return stream;
}

const post = (user: TestUser, title: string) => h.caller(user.token).posts.create({ title, content: 'live home' });

/**
 * Past LIVE_SETTLE_MAX_WAIT_MS: a resume also replays the events begun that long before its
 * cursor's instant (getHomeEventId), so a test of exactly what it replays starts after this.
 */
const pastTheSettleWait = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 100));

describe('GET /live/home', () => {
  it("pushes a followed user's post and a followed user's repost, not a stranger's or a muted user's, each as the home list shows it", async () => {
    const home = await open();
    expect(home.status).toBe(200);
    await post(stranger, 'not in the timeline');
    await post(muted, 'muted author');
    const own = await post(friend, 'by a friend');
    await home.untilEvents(1);
    const old = await post(stranger, 'reposted later');
    // The muted user's repost first: it brings nothing, and the friend's event then counts both.
    await h.caller(muted.token).posts.repost({ id: old.id });
    await h.caller(friend.token).posts.repost({ id: old.id });
    await home.untilEvents(2);
    const items = home.json<{ id: number; repostedBy: { id: number } | null; cursor: string }>();
    expect(items.map((item) => [item.id, item.repostedBy?.id ?? null])).toEqual([
      [own.id, null],
      [old.id, friend.id],
    ]);
    // Each event's id is its item's cursor, and its data the item as GET /posts/home answers it.
    expect(home.events.map((event) => event.id)).toEqual(items.map((item) => item.cursor));
    const listed = await h.caller(reader.token).posts.home({ limit: 2 });
    expect(items.slice().reverse()).toEqual(listed);
  });

  it('resumes after a cursor (Last-Event-ID), then goes on live, over SSE and the subscription', async () => {
    await pastTheSettleWait();
    const first = await post(friend, 'resume from here');
    const [from] = await h.caller(reader.token).posts.home({ limit: 1 });
    expect(from!.id).toBe(first.id);
    const missed = await post(friend, 'missed');
    const resumed = await open({ 'last-event-id': from!.cursor });
    await resumed.untilEvents(1);
    const live = await post(friend, 'live again');
    await resumed.untilEvents(2);
    expect(resumed.json<{ id: number }>().map((item) => item.id)).toEqual([missed.id, live.id]);

    const events = await h.caller(reader.token).live.home({ lastEventId: from!.cursor });
    const iterator = events[Symbol.asyncIterator]();
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const [id, data] = (await iterator.next()).value as unknown as [string, { id: number; cursor: string }];
      expect(id).toBe(data.cursor);
      ids.push(data.id);
    }
    await iterator.return?.(undefined);
    expect(ids).toEqual([missed.id, live.id]);
  });

  it('resumes after an item whose repost was taken back from that instant, not from the post', async () => {
    const old = await post(stranger, 'reposted, then not');
    const between = await post(friend, 'before the repost');
    await pastTheSettleWait();
    await h.caller(friend.token).posts.repost({ id: old.id });
    const [item] = await h.caller(reader.token).posts.home({ limit: 1 });
    expect([item!.id, item!.repostedBy?.id]).toEqual([old.id, friend.id]);
    await h.caller(friend.token).posts.unrepost({ id: old.id });
    const after = await post(friend, 'after the unrepost');
    const resumed = await open({ 'last-event-id': item!.cursor });
    await resumed.untilEvents(1);
    const received = resumed.json<{ id: number }>().map((event) => event.id);
    expect(received).toEqual([after.id]);
    expect(received).not.toContain(between.id);
  });

  it('a Last-Event-ID that is no cursor is a 400; no token is a 401', async () => {
    for (const id of ['0', '12', 'x', '1_2_3']) {
      const refused = await SseReader.open(`${h.baseUrl}/live/home`, {
        authorization: `Bearer ${reader.token}`,
        'last-event-id': id,
      });
      expect(refused.status).toBe(400);
      // The refusal says what the stream takes: the feed's `0` is no home cursor.
      expect(JSON.parse(refused.text!)).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('0_0') });
    }
    expectApiError(await h.request('GET', '/live/home'), 401, 'UNAUTHORIZED');
    await expect(h.caller(reader.token).live.home({ lastEventId: '12' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it("each reader's event is theirs (likedByMe, repostedByMe, bookmarkedByMe, blocks), and one JSON is built for the readers without blocks", async () => {
    const [liker, bookmarker, blocker, plain, other, spoiler] = await Promise.all(
      Array.from({ length: 6 }, () => h.user()),
    );
    const readers = [liker!, bookmarker!, blocker!, plain!, other!];
    await Promise.all(readers.map((user) => h.caller(user.token).users.follow({ id: friend.id })));
    const old = await post(stranger, 'liked, bookmarked, then reposted');
    await h.caller(liker!.token).posts.like({ id: old.id });
    await h.caller(bookmarker!.token).posts.bookmark({ id: old.id });
    await h.caller(spoiler!.token).posts.like({ id: old.id });
    await h.caller(blocker!.token).users.block({ id: spoiler!.id });
    const homes = await Promise.all(
      readers.map(async (user) => {
        const stream = await SseReader.open(`${h.baseUrl}/live/home`, { authorization: `Bearer ${user.token}` });
        streams.push(stream);
        return stream;
      }),
    );
    await h.caller(friend.token).posts.repost({ id: old.id });
    await Promise.all(homes.map((home) => home.untilEvents(1)));
    for (const [i, user] of readers.entries()) {
      const [event] = homes[i]!.json<{ id: number; likedByMe: boolean; bookmarkedByMe: boolean }>();
      const [listed] = await h.caller(user.token).posts.home({ limit: 1 });
      expect(event).toEqual(listed);
    }
    const events = homes.map(
      (home) => home.json<{ likedByMe: boolean; bookmarkedByMe: boolean; likeCount: number }>()[0]!,
    );
    expect(events.map((event) => [event.likedByMe, event.bookmarkedByMe, event.likeCount])).toEqual([
      [true, false, 2],
      [false, true, 2],
      [false, false, 1],
      [false, false, 2],
      [false, false, 2],
    ]);
    // The statement the streams are fed from: the readers without blocks or states of their own share one event.
    const [repost] = await h.orm.em
      .getConnection()
      .execute<{ id: number }[]>('select id from reposts where post_id = ? and user_id = ?', [old.id, friend.id]);
    const delivered = await listHomeEventsForReaders(
      h.orm,
      [repost!.id],
      readers.map((user) => user.id),
    );
    const groups = (lists: number[][]) =>
      lists.map((list) => [...list].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
    expect(groups(delivered.map(({ readers: to }) => to))).toEqual(
      groups([[plain!.id, other!.id], [blocker!.id], [liker!.id], [bookmarker!.id]]),
    );
  });

  it("a followed tag's post is delivered, its tag written with it", async () => {
    const home = await open();
    const tagged = await h.caller(stranger.token).posts.create({ title: 'tagged', content: 'about #LiveTag' });
    await home.untilEvents(1);
    expect(home.json<{ id: number; tags: string[] }>().map((item) => [item.id, item.tags])).toEqual([
      [tagged.id, ['livetag']],
    ]);
  });
});
