import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPostsForFollowers } from '../../../src/live/live.queries.js';
import { expectApiError, expectTrpcError, INVALID_IDS, MISSING_ID, summary } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

/**
 * Reposts (issue 41, item 5): POST and DELETE /posts/{id}/repost, the Post's repostCount and
 * repostedByMe, the author's notification, blocks and mutes, and exact counts under concurrency
 * and deletions; through the procedures (createCaller) and over HTTP.
 */
const h = useHarness();
const streams: SseReader[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});
let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  author = await h.user();
  fan = await h.user();
});

const write = (user: TestUser, title = 't') => h.caller(user.token).posts.create({ title, content: 'c' });
const repost = (user: TestUser, id: number | string) => h.request('POST', `/posts/${id}/repost`, { token: user.token });
const unrepost = (user: TestUser, id: number | string) =>
  h.request('DELETE', `/posts/${id}/repost`, { token: user.token });
const rows = async (sql: string, params: unknown[]) =>
  Number((await h.orm.em.getConnection().execute<{ n: number }[]>(sql, params))[0]!.n);
const repostRows = (postId: number) => rows('select count(*)::int as n from reposts where post_id = ?', [postId]);
const storedCount = (postId: number) =>
  rows('select coalesce(max(repost_count), 0)::int as n from post_stats where post_id = ?', [postId]);
const repostNotes = (user: TestUser) =>
  h
    .caller(user.token)
    .notifications.list()
    .then((list) => list.filter((n) => n.type === 'repost'));

describe('POST and DELETE /posts/{id}/repost', () => {
  it('repost answers 200 with the Post counted and repostedByMe; unrepost answers the post as before', async () => {
    const post = await write(author);
    expect(post).toMatchObject({ repostCount: 0, repostedByMe: false, bookmarkedByMe: false });
    const reposted = await repost(fan, post.id);
    expect(reposted.status, reposted.text).toBe(200);
    expect(reposted.body).toEqual({ ...post, repostCount: 1, repostedByMe: true });
    // Others see the count, not the caller's flag.
    expect((await h.request('GET', `/posts/${post.id}`, { token: author.token })).body).toEqual({
      ...post,
      repostCount: 1,
    });
    expect(await h.caller(fan.token).posts.get({ id: post.id })).toEqual({
      ...post,
      repostCount: 1,
      repostedByMe: true,
    });
    const unreposted = await unrepost(fan, post.id);
    expect(unreposted.status, unreposted.text).toBe(200);
    expect(unreposted.body).toEqual(post);
    expect(await repostRows(post.id)).toBe(0);
  });

  it('a second repost is 400, unreposting what one did not repost is 400, over REST and createCaller', async () => {
    const post = await write(author);
    await repost(fan, post.id);
    expectApiError(await repost(fan, post.id), 400, 'BAD_REQUEST', 'Post already reposted');
    const caller = h.caller(fan.token);
    await expectTrpcError(caller.posts.repost({ id: post.id }), 'BAD_REQUEST', 'Post already reposted');
    await expect(caller.posts.unrepost({ id: post.id })).resolves.toMatchObject({
      repostCount: 0,
      repostedByMe: false,
    });
    await expectTrpcError(caller.posts.unrepost({ id: post.id }), 'BAD_REQUEST', 'Post not reposted');
    expectApiError(await unrepost(fan, post.id), 400, 'BAD_REQUEST', 'Post not reposted');
    await expect(caller.posts.repost({ id: post.id })).resolves.toMatchObject({ repostCount: 1, repostedByMe: true });
    expect(await repostRows(post.id)).toBe(1);
  });

  it('invalid ids are 400, a missing post 404, no token 401', async () => {
    for (const id of INVALID_IDS) {
      expectApiError(await repost(fan, id), 400, 'BAD_REQUEST');
      expectApiError(await unrepost(fan, id), 400, 'BAD_REQUEST');
    }
    expectApiError(await repost(fan, MISSING_ID), 404, 'NOT_FOUND');
    expectApiError(await unrepost(fan, MISSING_ID), 404, 'NOT_FOUND');
    await expectTrpcError(h.caller(fan.token).posts.repost({ id: MISSING_ID }), 'NOT_FOUND');
    const post = await write(author);
    expectApiError(await h.request('POST', `/posts/${post.id}/repost`), 401, 'UNAUTHORIZED');
    await expectTrpcError(h.caller().posts.repost({ id: post.id }), 'UNAUTHORIZED');
  });

  it('works over /trpc too', async () => {
    const post = await write(author);
    const res = await h.request('POST', '/trpc/posts.repost', { token: fan.token, body: { id: post.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data).toMatchObject({ id: post.id, repostCount: 1, repostedByMe: true });
  });

  it('one may repost one’s own post, and that notifies nobody', async () => {
    const writer = await h.user();
    const post = await write(writer);
    expect((await repost(writer, post.id)).body).toMatchObject({ repostCount: 1, repostedByMe: true });
    expect(await repostNotes(writer)).toEqual([]);
  });

  it("a profile's posts stay the posts the user wrote", async () => {
    const reposter = await h.user();
    const post = await write(author);
    await repost(reposter, post.id);
    expect((await h.request('GET', `/users/${reposter.id}/posts`, { token: fan.token })).body).toEqual([]);
    expect((await h.caller(fan.token).users.get({ id: reposter.id })).posts).toEqual([]);
  });

  it('lists show repostCount and the reader’s own repostedByMe', async () => {
    const writer = await h.user();
    const post = await write(writer);
    await repost(fan, post.id);
    const mine = await h.request('GET', `/users/${writer.id}/posts?limit=5`, { token: fan.token });
    expect(mine.body[0]).toMatchObject({ id: post.id, repostCount: 1, repostedByMe: true });
    const theirs = await h.caller(author.token).users.posts({ id: writer.id });
    expect(theirs[0]).toMatchObject({ id: post.id, repostCount: 1, repostedByMe: false });
  });
});

describe('the repost notification', () => {
  it('the author is notified once per reposter and post, however often it is undone and redone', async () => {
    const writer = await h.user();
    const post = await write(writer, 'Shared');
    for (let i = 0; i < 3; i++) {
      await repost(fan, post.id);
      await unrepost(fan, post.id);
    }
    await repost(fan, post.id);
    const listed = await h.request('GET', '/notifications', { token: writer.token });
    expect(listed.body).toEqual([
      {
        id: expect.any(Number),
        type: 'repost',
        createdAt: expect.any(String),
        actor: summary(fan),
        read: false,
        post: { id: post.id, title: 'Shared' },
      },
    ]);
    // Another post of theirs is another notification.
    await repost(fan, (await write(writer)).id);
    expect(await repostNotes(writer)).toHaveLength(2);
  });

  it('a mute silences it, as a like: written but not shown, shown again on unmute', async () => {
    const [writer, muted] = [await h.user(), await h.user()];
    await h.caller(writer.token).users.mute({ id: muted.id });
    const post = await write(writer);
    expect((await repost(muted, post.id)).body).toMatchObject({ repostCount: 1 });
    expect(await repostNotes(writer)).toEqual([]);
    expect(await h.caller(writer.token).notifications.unreadCount()).toEqual({ count: 0 });
    await h.caller(writer.token).users.unmute({ id: muted.id });
    expect(await repostNotes(writer)).toHaveLength(1);
  });
});

describe('blocks and mutes', () => {
  it('a block hides the post both ways: repost and unrepost are 404, and nothing is written', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const [postA, postB] = [await write(a), await write(b)];
    await repost(b, postA.id); // before the block
    await h.caller(a.token).users.block({ id: b.id });
    for (const [user, post] of [
      [b, postA],
      [a, postB],
    ] as const) {
      expectApiError(await repost(user, post.id), 404, 'NOT_FOUND');
      await expectTrpcError(h.caller(user.token).posts.repost({ id: post.id }), 'NOT_FOUND');
    }
    expectApiError(await unrepost(b, postA.id), 404, 'NOT_FOUND');
    await expectTrpcError(h.caller(b.token).posts.unrepost({ id: postA.id }), 'NOT_FOUND');
    expect(await repostRows(postA.id)).toBe(1);
    expect(await repostRows(postB.id)).toBe(0);
  });

  it('repostCount leaves out reposts by users a block hides from the reader, as likeCount does', async () => {
    const [writer, blocker, blocked, other] = [await h.user(), await h.user(), await h.user(), await h.user()];
    const post = await write(writer);
    await repost(blocked, post.id);
    await repost(other, post.id);
    await h.caller(blocker.token).users.block({ id: blocked.id });
    expect((await h.request('GET', `/posts/${post.id}`, { token: blocker.token })).body.repostCount).toBe(1);
    expect((await h.caller(blocker.token).posts.get({ id: post.id })).repostCount).toBe(1);
    // The blocker's own repost answers the count they see.
    expect((await repost(blocker, post.id)).body.repostCount).toBe(2);
    expect((await h.caller(other.token).posts.get({ id: post.id })).repostCount).toBe(3);
    expect((await h.caller(blocked.token).posts.get({ id: post.id })).repostCount).toBe(2);
    // A mute hides no reposter: it changes no count.
    await h.caller(other.token).users.mute({ id: blocked.id });
    expect((await h.caller(other.token).posts.get({ id: post.id })).repostCount).toBe(3);
  });

  it('one may repost the post of someone one mutes, and the muted may repost the muter’s', async () => {
    const [a, b] = [await h.user(), await h.user()];
    await h.caller(a.token).users.mute({ id: b.id });
    expect((await repost(a, (await write(b)).id)).status).toBe(200);
    expect((await repost(b, (await write(a)).id)).status).toBe(200);
  });
});

describe('live events', () => {
  it('the repost notification is pushed on /live/notifications as it is written, and not across a mute', async () => {
    const [writer, muted] = [await h.user(), await h.user()];
    const stream = await SseReader.open(`${h.baseUrl}/live/notifications`, { authorization: `Bearer ${writer.token}` });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await h.caller(writer.token).users.mute({ id: muted.id });
    const post = await write(writer);
    await repost(muted, post.id); // written, never delivered
    await repost(fan, post.id);
    await stream.untilEvents(1);
    const [listed] = await repostNotes(writer);
    expect(stream.events).toHaveLength(1);
    expect(stream.events[0]).toMatchObject({ id: String(listed!.id), event: 'notification' });
    expect(JSON.parse(stream.events[0]!.data)).toEqual(listed);
    expect(listed).toMatchObject({ type: 'repost', actor: summary(fan), post: { id: post.id } });
    stream.close();
  });

  it('a new post carries each follower’s own repostedByMe, though built once for all', async () => {
    const [writer, early, other] = [await h.user(), await h.user(), await h.user()];
    const post = await write(writer);
    await repost(early, post.id);
    const events = await listPostsForFollowers(h.orm, [post.id], [early.id, other.id]);
    // Neither follows the writer: nothing goes to them.
    expect(events.every((e) => e.followers.length === 0)).toBe(true);
    await h.caller(early.token).users.follow({ id: writer.id });
    await h.caller(other.token).users.follow({ id: writer.id });
    const followed = await listPostsForFollowers(h.orm, [post.id], [early.id, other.id]);
    const of = (user: TestUser) => JSON.parse(followed.find((e) => e.followers.includes(user.id))!.event.json);
    expect(of(early)).toMatchObject({ repostCount: 1, repostedByMe: true, bookmarkedByMe: false });
    expect(of(other)).toMatchObject({ repostCount: 1, repostedByMe: false, bookmarkedByMe: false });
  });
});

describe('counts stay exact', () => {
  it('16 concurrent reposters and unreposters of one post, repeated, over HTTP and createCaller', async () => {
    const post = await write(author);
    const users = await Promise.all(Array.from({ length: 16 }, () => h.user()));
    const reposted = new Set<number>();
    for (let round = 0; round < 6; round++) {
      await Promise.all(
        users.map(async (user, i) => {
          // Half over HTTP, half through the procedure; some toggle twice in the round.
          const viaHttp = (i + round) % 2 === 0;
          const times = 1 + ((i * 7 + round) % 3);
          for (let t = 0; t < times; t++) {
            const on = !reposted.has(user.id);
            if (viaHttp) {
              const res = on ? await repost(user, post.id) : await unrepost(user, post.id);
              expect(res.status, res.text).toBe(200);
            } else {
              const caller = h.caller(user.token).posts;
              await (on ? caller.repost({ id: post.id }) : caller.unrepost({ id: post.id }));
            }
            if (on) reposted.add(user.id);
            else reposted.delete(user.id);
          }
        }),
      );
      expect(await repostRows(post.id)).toBe(reposted.size);
      expect(await storedCount(post.id)).toBe(reposted.size);
      expect((await h.caller(fan.token).posts.get({ id: post.id })).repostCount).toBe(reposted.size);
      expect((await h.request('GET', `/posts/${post.id}`, { token: fan.token })).body.repostCount).toBe(reposted.size);
    }
  });

  it('16 users reposting at once, each twice: one 200 and one 400 each, one row each', async () => {
    const post = await write(author);
    const users = await Promise.all(Array.from({ length: 16 }, () => h.user()));
    const statuses = await Promise.all(users.flatMap((user) => [repost(user, post.id), repost(user, post.id)]));
    const sorted = statuses.map((r) => r.status).sort();
    expect(sorted).toEqual([...Array(16).fill(200), ...Array(16).fill(400)]);
    expect(await repostRows(post.id)).toBe(16);
    expect(await storedCount(post.id)).toBe(16);
  });

  it('deleting a reposting account takes its reposts and their count with it', async () => {
    const post = await write(author);
    const leaver = await h.user();
    const stayer = await h.user();
    await repost(leaver, post.id);
    await repost(stayer, post.id);
    const deleted = await h.request('DELETE', '/users/me', { token: leaver.token, body: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await repostRows(post.id)).toBe(1);
    expect(await storedCount(post.id)).toBe(1);
    expect((await h.caller(fan.token).posts.get({ id: post.id })).repostCount).toBe(1);
  });

  it('deleting the post takes its reposts and its counter with it; a repost of it then is 404', async () => {
    const writer = await h.user();
    const post = await write(writer);
    await repost(fan, post.id);
    await repost(writer, post.id);
    expect((await h.request('DELETE', `/posts/${post.id}`, { token: writer.token })).status).toBe(204);
    expect(await repostRows(post.id)).toBe(0);
    expect(await storedCount(post.id)).toBe(0);
    expectApiError(await repost(fan, post.id), 404, 'NOT_FOUND');
    expectApiError(await unrepost(fan, post.id), 404, 'NOT_FOUND');
  });

  it("a post's reposts of a reposter whose account goes, while others still repost: each count exact", async () => {
    const posts = [await write(author), await write(author), await write(author)];
    const leaver = await h.user();
    for (const post of posts) await repost(leaver, post.id);
    await repost(fan, posts[0]!.id);
    await h.request('DELETE', '/users/me', { token: leaver.token, body: { password: PASSWORD } });
    expect(await Promise.all(posts.map((post) => storedCount(post.id)))).toEqual([1, 0, 0]);
    expect(await Promise.all(posts.map((post) => repostRows(post.id)))).toEqual([1, 0, 0]);
  });
});
