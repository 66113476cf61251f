import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPostsForFollowers } from '../../../src/live/live.queries.js';
import { POST_BY_ID } from '../../../src/posts/posts.queries.js';
import { forgetReaders } from '../../../src/viewer/reader-statements.js';
import { namedStatements } from '../../../src/db/named-statements.js';
import { expectApiError, expectTrpcError, INVALID_IDS, MISSING_ID, summary } from '../../support/fixtures.js';
import { Harness, PASSWORD, type TestUser, useHarness } from '../../support/harness.js';
import { race } from '../../support/races.js';
import { SseReader } from '../../support/sse.js';

/**
 * Block and mute (issue 31, docs/safety.md): every rule through the procedures (createCaller) and
 * over HTTP (REST, its streams of large answers, /trpc, live).
 */
const h = useHarness();
const streams: SseReader[] = [];
afterAll(() => {
  for (const stream of streams) stream.close();
});

const ids = (list: { id: number }[]) => list.map((item) => item.id);
const get = (user: TestUser, path: string) => h.request('GET', path, { token: user.token });
const post = (user: TestUser, path: string, body?: unknown) => h.request('POST', path, { token: user.token, body });
const del = (user: TestUser, path: string) => h.request('DELETE', path, { token: user.token });
const write = (user: TestUser, title: string) => h.caller(user.token).posts.create({ title, content: `${title} body` });

describe('the operations', () => {
  it.each(['block', 'mute'] as const)(
    '%s: 200 with the summary; 400 self, invalid id, twice, undone twice; 404 no user',
    async (verb) => {
      const [a, b] = [await h.user(), await h.user()];
      const undo = verb === 'block' ? 'unblock' : 'unmute';
      const done = verb === 'block' ? 'blocked' : 'muted';
      const posted = await post(a, `/users/${b.id}/${verb}`);
      expect(posted.status, posted.text).toBe(200);
      expect(posted.body).toEqual(summary(b));
      expectApiError(await post(a, `/users/${b.id}/${verb}`), 400, 'BAD_REQUEST', new RegExp(`Already ${done}`));
      expectApiError(await post(a, `/users/${a.id}/${verb}`), 400, 'BAD_REQUEST');
      expectApiError(await post(a, `/users/${MISSING_ID}/${verb}`), 404, 'NOT_FOUND');
      for (const id of INVALID_IDS) expectApiError(await post(a, `/users/${id}/${verb}`), 400, 'BAD_REQUEST');
      expect((await h.request('POST', `/users/${b.id}/${verb}`)).status).toBe(401);
      expect((await get(a, `/users/me/${done}`)).body).toEqual([summary(b)]);
      expect(await h.caller(a.token).users[done]()).toEqual([summary(b)]);
      const deleted = await del(a, `/users/${b.id}/${verb}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.body).toEqual(summary(b));
      expectApiError(await del(a, `/users/${b.id}/${verb}`), 400, 'BAD_REQUEST', new RegExp(`Not ${done}`));
      expectApiError(await del(a, `/users/${MISSING_ID}/${verb}`), 404, 'NOT_FOUND');
      expectApiError(await del(a, `/users/${a.id}/${verb}`), 400, 'BAD_REQUEST');
      expect((await get(a, `/users/me/${done}`)).body).toEqual([]);
      // The same through the procedures.
      const caller = h.caller(a.token);
      expect(await caller.users[verb]({ id: b.id })).toEqual(summary(b));
      await expectTrpcError(caller.users[verb]({ id: b.id }), 'BAD_REQUEST');
      await expectTrpcError(caller.users[verb]({ id: MISSING_ID }), 'NOT_FOUND');
      await expectTrpcError(caller.users[verb]({ id: a.id }), 'BAD_REQUEST');
      expect(await caller.users[undo]({ id: b.id })).toEqual(summary(b));
      await expectTrpcError(caller.users[undo]({ id: b.id }), 'BAD_REQUEST');
    },
  );

  it.each(['blocked', 'muted'] as const)(
    '/users/me/%s: newest first, keyset paged by limit and before',
    async (list) => {
      const me = await h.user();
      const others = [await h.user(), await h.user(), await h.user()];
      const verb = list === 'blocked' ? 'block' : 'mute';
      for (const other of others) await h.caller(me.token).users[verb]({ id: other.id });
      const newestFirst = [...others].reverse().map(summary);
      expect((await get(me, `/users/me/${list}`)).body).toEqual(newestFirst);
      const first = await get(me, `/users/me/${list}?limit=2`);
      expect(first.body).toEqual(newestFirst.slice(0, 2));
      const second = await get(me, `/users/me/${list}?limit=2&before=${first.body[1].id}`);
      expect(second.body).toEqual(newestFirst.slice(2));
      expect(await h.caller(me.token).users[list]({ limit: 2, before: first.body[1].id })).toEqual(
        newestFirst.slice(2),
      );
      expectApiError(await get(me, `/users/me/${list}?before=${me.id}`), 400, 'BAD_REQUEST');
      // Others' lists are their own: nobody learns who blocked or muted them.
      expect((await get(others[0]!, `/users/me/${list}`)).body).toEqual([]);
    },
  );
});

describe('a block (A blocks B)', () => {
  let a: TestUser, b: TestUser, c: TestUser;
  let aPost: number, bPost: number, cPost: number, aComment: number, bComment: number, cComment: number;

  beforeAll(async () => {
    [a, b, c] = [
      await h.user({ firstName: 'Ann' }),
      await h.user({ firstName: 'Bea' }),
      await h.user({ firstName: 'Cid' }),
    ];
    aPost = (await write(a, 'zebracorn by ann')).id;
    bPost = (await write(b, 'zebracorn by bea')).id;
    cPost = (await write(c, 'zebracorn by cid')).id;
    // On C's post: both like it, both comment, both like C's own comment; each follows the other and C.
    cComment = (await h.caller(c.token).posts.comment({ id: cPost, content: 'cid says' })).id;
    for (const [user, other] of [
      [a, b],
      [b, a],
    ] as const) {
      await h.caller(user.token).posts.like({ id: cPost });
      await h.caller(user.token).comments.like({ id: cComment });
      await h.caller(user.token).users.follow({ id: other.id });
      await h.caller(user.token).users.follow({ id: c.id });
    }
    aComment = (await h.caller(a.token).posts.comment({ id: cPost, content: 'ann says' })).id;
    bComment = (await h.caller(b.token).posts.comment({ id: cPost, content: 'bea says' })).id;
    // B's acts on A's things, noted for A before the block.
    await h.caller(b.token).posts.like({ id: aPost });
    expect((await h.caller(a.token).notifications.list()).some((n) => n.actor.id === b.id)).toBe(true);
    await h.caller(a.token).users.block({ id: b.id });
  });

  /** Both ways: the blocker and the blocked, each with the other. */
  const pairs = () =>
    [
      [a, b, bPost, bComment],
      [b, a, aPost, aComment],
    ] as const;

  it('ends the follows both ways, and neither can follow the other (404); unblocking does not restore them', async () => {
    expect(ids((await get(c, `/users/${a.id}/followers`)).body)).not.toContain(b.id);
    for (const [me, other] of pairs()) {
      expectApiError(await post(me, `/users/${other.id}/follow`), 404, 'NOT_FOUND');
      await expectTrpcError(h.caller(me.token).users.follow({ id: other.id }), 'NOT_FOUND');
      // The follow of C stands.
      expect(ids((await get(me, `/users/${me.id}/followed`)).body)).toEqual([c.id]);
    }
  });

  it('makes each absent to the other on direct reads: profile, posts, their lists (404)', async () => {
    for (const [me, other, otherPost] of pairs()) {
      for (const path of [
        `/users/${other.id}`,
        `/posts/${otherPost}`,
        `/users/${other.id}/posts`,
        `/users/${other.id}/followers`,
        `/users/${other.id}/followed`,
        `/posts/${otherPost}/comments`,
      ])
        expectApiError(await get(me, path), 404, 'NOT_FOUND');
      const caller = h.caller(me.token);
      await expectTrpcError(caller.users.get({ id: other.id }), 'NOT_FOUND');
      await expectTrpcError(caller.posts.get({ id: otherPost }), 'NOT_FOUND');
      await expectTrpcError(caller.users.posts({ id: other.id }), 'NOT_FOUND');
      await expectTrpcError(caller.users.posts({ id: other.id, limit: 5 }), 'NOT_FOUND');
      await expectTrpcError(caller.users.followers({ id: other.id }), 'NOT_FOUND');
      await expectTrpcError(caller.posts.comments({ id: otherPost }), 'NOT_FOUND');
      // Over /trpc too.
      const trpc = await get(me, `/trpc/users.get?input=${encodeURIComponent(JSON.stringify({ id: other.id }))}`);
      expect(trpc.status).toBe(404);
    }
  });

  it('leaves each out of every list: posts (pages and streams), search, users, followers, likedBy, comments', async () => {
    for (const [me, other, otherPost, otherComment] of pairs()) {
      const caller = h.caller(me.token);
      // /posts: a page (hot statement), unpaged REST (a stream), unpaged procedure, search.
      expect(ids((await get(me, '/posts?limit=20')).body)).not.toContain(otherPost);
      expect(ids((await get(me, '/posts')).body)).not.toContain(otherPost);
      expect(ids(await caller.posts.list())).not.toContain(otherPost);
      expect(ids(await caller.posts.list({ limit: 20 }))).not.toContain(otherPost);
      const found = await get(me, '/posts?q=zebracorn');
      expect(ids(found.body)).toContain(cPost);
      expect(ids(found.body)).not.toContain(otherPost);
      expect(ids(await caller.posts.list({ q: 'zebracorn', limit: 10 }))).not.toContain(otherPost);
      // Users.
      expect(ids((await get(me, '/users')).body)).not.toContain(other.id);
      expect(ids(await caller.users.list({ limit: 100 }))).not.toContain(other.id);
      expect(ids((await get(me, `/users/${c.id}/followers`)).body)).toEqual([me.id]);
      expect(ids(await caller.users.followers({ id: c.id }))).toEqual([me.id]);
      // C's post, everywhere it is shown: likedBy and comments (and their likedBy) without the other.
      const shown = [
        (await get(me, `/posts/${cPost}`)).body,
        await caller.posts.get({ id: cPost }),
        (await get(me, '/posts?limit=20')).body.find((p: { id: number }) => p.id === cPost),
        (await get(me, '/posts')).body.find((p: { id: number }) => p.id === cPost),
        (await get(me, '/posts?q=zebracorn')).body.find((p: { id: number }) => p.id === cPost),
        (await get(me, `/users/${c.id}`)).body.posts[0],
        (await get(me, '/posts/followed?limit=20')).body.find((p: { id: number }) => p.id === cPost),
        (await get(me, '/posts/followed')).body.find((p: { id: number }) => p.id === cPost),
      ];
      for (const p of shown) {
        expect(ids(p.likedBy)).toEqual([me.id]);
        expect(ids(p.comments)).not.toContain(otherComment);
        expect(ids(p.comments)).toContain(cComment);
        expect(ids(p.comments.find((cm: { id: number }) => cm.id === cComment).likedBy)).toEqual([me.id]);
      }
      expect(ids((await get(me, `/posts/${cPost}/comments`)).body)).not.toContain(otherComment);
      expect(ids(await caller.posts.comments({ id: cPost, limit: 10 }))).not.toContain(otherComment);
    }
  });

  it("refuses likes, unlikes and comments on the other's posts and comments (404)", async () => {
    for (const [me, , otherPost, otherComment] of pairs()) {
      const caller = h.caller(me.token);
      expectApiError(await post(me, `/posts/${otherPost}/like`), 404, 'NOT_FOUND');
      expectApiError(await del(me, `/posts/${otherPost}/like`), 404, 'NOT_FOUND');
      expectApiError(await post(me, `/posts/${otherPost}/comment`, { content: 'hey' }), 404, 'NOT_FOUND');
      expectApiError(await post(me, `/comments/${otherComment}/like`), 404, 'NOT_FOUND');
      expectApiError(await del(me, `/comments/${otherComment}/like`), 404, 'NOT_FOUND');
      await expectTrpcError(caller.posts.like({ id: otherPost }), 'NOT_FOUND');
      await expectTrpcError(caller.posts.comment({ id: otherPost, content: 'hey' }), 'NOT_FOUND');
      await expectTrpcError(caller.comments.like({ id: otherComment }), 'NOT_FOUND');
    }
    // B liked A's post before the block: unliking it now is 404 too, and the like stays.
    await expectTrpcError(h.caller(b.token).posts.unlike({ id: aPost }), 'NOT_FOUND');
    expect(ids((await h.caller(a.token).posts.get({ id: aPost })).likedBy)).toEqual([]);
  });

  it("hides the blocked user's notifications from the blocker (list and unread count), and notes nothing new", async () => {
    const caller = h.caller(a.token);
    expect((await caller.notifications.list()).map((n) => n.actor.id)).not.toContain(b.id);
    const listed = await get(a, '/notifications');
    expect(listed.body.map((n: { actor: { id: number } }) => n.actor.id)).not.toContain(b.id);
    const { count } = await caller.notifications.unreadCount();
    expect(count).toBe(listed.body.filter((n: { read: boolean }) => !n.read).length);
    expect((await get(a, '/notifications/unread-count')).body).toEqual({ count });
  });

  it('unblocking restores what each sees, but not the follows', async () => {
    const [x, y] = [await h.user(), await h.user()];
    const yPost = (await write(y, 'restored')).id;
    await h.caller(y.token).posts.like({ id: (await write(x, 'liked by y')).id });
    const before = await h.caller(x.token).notifications.unreadCount();
    await h.caller(x.token).users.follow({ id: y.id });
    await h.caller(x.token).users.block({ id: y.id });
    expectApiError(await get(x, `/posts/${yPost}`), 404, 'NOT_FOUND');
    expect(await h.caller(x.token).notifications.unreadCount()).not.toEqual(before);
    await h.caller(x.token).users.unblock({ id: y.id });
    expect((await get(x, `/posts/${yPost}`)).status).toBe(200);
    expect((await get(y, `/users/${x.id}`)).status).toBe(200);
    expect(await h.caller(x.token).notifications.unreadCount()).toEqual(before);
    expect((await get(x, `/users/${x.id}/followed`)).body).toEqual([]);
    expect((await post(x, `/users/${y.id}/follow`)).status).toBe(200);
  });

  it('leaves out of every count what it leaves out of the lists, for the two users alone', async () => {
    // C's post: liked by A and B, commented on by C, A and B; C's comment liked by A and B; both follow C.
    for (const [reader, others] of [
      [a, 0],
      [b, 0],
      [c, 1],
    ] as const) {
      const post = (await get(reader, `/posts/${cPost}`)).body;
      expect(post).toMatchObject({ likeCount: 1 + others, commentCount: 2 + others });
      expect(post.likedBy).toHaveLength(post.likeCount);
      expect(post.comments).toHaveLength(post.commentCount);
      const comment = post.comments.find((item: { id: number }) => item.id === cComment);
      expect(comment).toMatchObject({ likeCount: 1 + others });
      const profile = (await get(reader, `/users/${c.id}`)).body;
      expect(profile).toMatchObject({ followerCount: 1 + others });
      expect(profile.followers).toHaveLength(profile.followerCount);
      // The same counts through the procedures and their pages.
      const caller = h.caller(reader.token);
      expect((await caller.posts.likes({ id: cPost })).length).toBe(post.likeCount);
      expect((await caller.comments.likes({ id: cComment })).length).toBe(comment.likeCount);
    }
  });

  it("counts every hidden comment, and hides a third user's comments on the other's posts from their profile", async () => {
    // B comments twice more on C's post, and C comments on B's and on A's post.
    const extra = [
      await h.caller(b.token).posts.comment({ id: cPost, content: 'bea again' }),
      await h.caller(b.token).posts.comment({ id: cPost, content: 'bea once more' }),
    ];
    const onB = await h.caller(c.token).posts.comment({ id: bPost, content: 'cid on bea' });
    const onA = await h.caller(c.token).posts.comment({ id: aPost, content: 'cid on ann' });
    try {
      // A sees none of B's three comments on C's post.
      expect((await get(a, `/posts/${cPost}`)).body.commentCount).toBe(2);
      for (const [reader, hidden] of [
        [a, onB.id],
        [b, onA.id],
      ] as const) {
        const profile = (await get(reader, `/users/${c.id}`)).body;
        expect(ids(profile.comments)).not.toContain(hidden);
        expect(profile.commentCount).toBe(profile.comments.length);
        const listed = await h.caller(reader.token).users.comments({ id: c.id });
        expect(ids(listed)).not.toContain(hidden);
        expect(listed).toEqual(profile.comments);
      }
      expect((await get(c, `/users/${c.id}`)).body.commentCount).toBe(3);
    } finally {
      for (const [user, comment] of [
        [b, extra[0]!.id],
        [b, extra[1]!.id],
        [c, onB.id],
        [c, onA.id],
      ] as const)
        await h.caller(user.token).comments.delete({ id: comment });
    }
  });
});

describe('a mute (A mutes B)', () => {
  let a: TestUser, b: TestUser, c: TestUser, bPost: number;

  beforeAll(async () => {
    [a, b, c] = [await h.user(), await h.user(), await h.user()];
    await h.caller(a.token).users.follow({ id: b.id });
    await h.caller(a.token).users.follow({ id: c.id });
    bPost = (await write(b, 'quokkaflux by bea')).id;
    await write(c, 'quokkaflux by cid');
    await h.caller(a.token).users.mute({ id: b.id });
  });

  it("takes the muted user's posts out of the muter's feed, /posts lists and search", async () => {
    const caller = h.caller(a.token);
    for (const list of [
      (await get(a, '/posts/followed')).body,
      (await get(a, '/posts/followed?limit=10')).body,
      await caller.posts.followed(),
      await caller.posts.followed({ limit: 10 }),
      (await get(a, '/posts')).body,
      (await get(a, '/posts?limit=20')).body,
      (await get(a, '/posts?q=quokkaflux')).body,
      await caller.posts.list({ q: 'quokkaflux', limit: 5 }),
    ]) {
      expect(ids(list)).not.toContain(bPost);
    }
    expect((await get(a, '/posts?q=quokkaflux')).body).toHaveLength(1);
  });

  it('leaves the profile and the posts open to the muter, and the muted user notices nothing', async () => {
    expect((await get(a, `/users/${b.id}`)).status).toBe(200);
    expect((await get(a, `/posts/${bPost}`)).status).toBe(200);
    expect(ids((await get(a, `/users/${b.id}/posts`)).body)).toEqual([bPost]);
    // B still sees A, follows A, and replies to A.
    const aPost = (await write(a, 'by the muter')).id;
    expect((await get(b, `/users/${a.id}`)).status).toBe(200);
    expect((await post(b, `/users/${a.id}/follow`)).status).toBe(200);
    expect((await post(b, `/posts/${aPost}/comment`, { content: 'reply' })).status).toBe(201);
    expect((await post(b, `/posts/${aPost}/like`)).status).toBe(200);
    expect(ids((await get(b, '/posts/followed')).body)).toContain(aPost);
    expect(ids((await get(b, '/posts?limit=20')).body)).toContain(aPost);
  });

  it("hides the muted user's notifications from the muter (list, unread count); unmuting shows them again", async () => {
    const caller = h.caller(a.token);
    const fromB = (list: { actor: { id: number } }[]) => list.filter((n) => n.actor.id === b.id);
    expect(fromB(await caller.notifications.list())).toEqual([]);
    expect(fromB((await get(a, '/notifications')).body)).toEqual([]);
    expect(await caller.notifications.unreadCount()).toEqual({ count: 0 });
    expect((await get(a, '/notifications/unread-count')).body).toEqual({ count: 0 });
    await caller.users.unmute({ id: b.id });
    expect(fromB(await caller.notifications.list()).length).toBe(3); // the follow, the comment, the like
    expect(await caller.notifications.unreadCount()).toEqual({ count: 3 });
    expect(ids((await get(a, '/posts/followed')).body)).toContain(bPost);
    await caller.users.mute({ id: b.id });
  });
});

describe('the counters that guard the checks', () => {
  const counts = async (user: TestUser) =>
    await h.orm.em
      .getConnection()
      .execute<{ user: number; sessions: number[]; mutes: number; sessionMutes: number[] }[]>(
        `select u.block_count as "user", array(select s.block_count from sessions s where s.user_id = u.id and s.revoked_at is null) as sessions,
        u.mute_count as mutes, array(select s.mute_count from sessions s where s.user_id = u.id and s.revoked_at is null) as "sessionMutes"
       from users u where u.id = ?`,
        [user.id],
      );

  it('follow blocks and mutes on users and every session, new ones included, and an account deletion', async () => {
    const [a, b] = [await h.user(), await h.user()];
    await h.caller(a.token).users.block({ id: b.id });
    await h.caller(a.token).users.mute({ id: b.id });
    // A session opened after the block starts with the counts: its reads are filtered at once.
    const { token } = await h.caller().auth.login({ email: b.email, password: PASSWORD });
    expectApiError(await h.request('GET', `/users/${a.id}`, { token }), 404, 'NOT_FOUND');
    expect(await counts(a)).toEqual([{ user: 1, sessions: [1], mutes: 1, sessionMutes: [1] }]);
    expect(await counts(b)).toEqual([{ user: 1, sessions: [1, 1], mutes: 0, sessionMutes: [0, 0] }]);
    await h.caller(a.token).users.unblock({ id: b.id });
    expect(await counts(b)).toEqual([{ user: 0, sessions: [0, 0], mutes: 0, sessionMutes: [0, 0] }]);
    await h.caller(b.token).users.block({ id: a.id });
    await h.request('DELETE', '/users/me', { token: b.token, body: { password: PASSWORD } });
    expect(await counts(a)).toEqual([{ user: 0, sessions: [0], mutes: 0, sessionMutes: [0] }]);
  });
});

describe('live, on two processes', () => {
  it('delivers nothing across a block or from a muted user from the moment it is written, on another process', async () => {
    const other = await Harness.attach(h.databaseUrl); // a second process: its own live hub and listener
    try {
      const [a, b, c] = [await h.user(), await h.user(), await h.user()];
      for (const followed of [b, c]) await h.caller(a.token).users.follow({ id: followed.id });
      const aPost = (await write(a, 'a post')).id;
      const open = async (path: string) => {
        const stream = await SseReader.open(`${h.baseUrl}${path}`, { authorization: `Bearer ${a.token}` });
        streams.push(stream);
        expect(stream.status).toBe(200);
        return stream;
      };
      const feed = await open('/live/feed');
      const notes = await open('/live/notifications');
      const asOther = (user: TestUser) => other.caller(user.token);
      // Before: B's post and like arrive.
      const seen = (await asOther(b).posts.create({ title: 'seen', content: 'c' })).id;
      await asOther(b).posts.like({ id: aPost });
      await feed.until(() => feed.events.some((e) => e.id === String(seen)), 'the first post');
      await notes.untilEvents(1);
      // Mute, written on the other process: B's like of A's comment and B's post go nowhere; C's arrive after them.
      await asOther(a).users.mute({ id: b.id });
      const comment = (await h.caller(a.token).posts.comment({ id: aPost, content: 'mine' })).id;
      await asOther(b).comments.like({ id: comment });
      const muted = (await asOther(b).posts.create({ title: 'muted', content: 'c' })).id;
      await asOther(c).comments.like({ id: comment });
      const sentinel = (await asOther(c).posts.create({ title: 'after', content: 'c' })).id;
      await feed.until(() => feed.events.some((e) => e.id === String(sentinel)), 'the sentinel post');
      await notes.until(() => notes.json().some((n) => n.actor.id === c.id), "C's notification");
      expect(feed.events.map((e) => Number(e.id))).not.toContain(muted);
      expect(notes.json().filter((n) => n.actor.id === b.id)).toHaveLength(1); // the like from before
      // Block, written on the other process: the follow ends, nothing of B's arrives.
      await asOther(a).users.unmute({ id: b.id });
      await asOther(a).users.block({ id: b.id });
      const blocked = (await asOther(b).posts.create({ title: 'blocked', content: 'c' })).id;
      const last = (await asOther(c).posts.create({ title: 'last', content: 'c' })).id;
      await feed.until(() => feed.events.some((e) => e.id === String(last)), 'the last post');
      expect(feed.events.map((e) => Number(e.id))).not.toContain(blocked);
      // A replay from the start shows what the lists show: nothing of B's.
      const replay = await SseReader.open(`${other.baseUrl}/live/feed`, {
        authorization: `Bearer ${a.token}`,
        'last-event-id': '0',
      });
      streams.push(replay);
      await replay.until(() => replay.events.some((e) => e.id === String(last)), 'the replayed last post');
      expect(replay.events.map((e) => Number(e.id))).not.toContain(seen);
      const notesReplay = await SseReader.open(`${other.baseUrl}/live/notifications`, {
        authorization: `Bearer ${a.token}`,
        'last-event-id': '0',
      });
      streams.push(notesReplay);
      await notesReplay.until(() => notesReplay.json().some((n) => n.actor.id === c.id), "C's replayed notification");
      expect(notesReplay.json().filter((n) => n.actor.id === b.id)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("builds a pushed post's likers and comments for a reader with blocks without the blocked users", async () => {
    const [reader, author, blocked] = [await h.user(), await h.user(), await h.user()];
    await h.caller(reader.token).users.follow({ id: author.id });
    const p = (await write(author, 'pushed')).id;
    await h.caller(blocked.token).posts.like({ id: p });
    await h.caller(blocked.token).posts.comment({ id: p, content: 'hidden' });
    await h.caller(reader.token).users.block({ id: blocked.id });
    const rows = await listPostsForFollowers(h.orm, [p], [reader.id]);
    const pushed = rows.find((row) => row.followers.includes(reader.id));
    expect(rows.filter((row) => row.followers.length > 0)).toHaveLength(1);
    const json = JSON.parse(pushed!.event.json);
    expect(json.likedBy).toEqual([]);
    expect(json.comments).toEqual([]);
  });
});

describe('a block and a follow at once', () => {
  // One side written in a transaction the test holds open (race); the other side sent meanwhile.
  // Whatever the order, no follow may outlive a block: the racer waits for the held transaction, or
  // finishes without a follow. Without the pair's lock, the racer finishes first and a follow stands.
  const followsBetween = async (x: TestUser, y: TestUser) =>
    (
      await h.orm.em
        .getConnection()
        .execute<{ n: number }[]>(
          'select count(*)::int as n from follows where (follower_id, followed_id) in ((?, ?), (?, ?))',
          [x.id, y.id, y.id, x.id],
        )
    )[0]!.n;

  it('holds no lock-table slot per row: one statement inserting 2,450 follows holds a handful of locks', async () => {
    const db = h.orm.em.getConnection();
    const tag = `bulk-${Date.now()}`;
    await db.execute(`insert into users (email, password_hash, first_name, last_name)
      select '${tag}-' || g || '@example.com', 'x', 'Bulk', 'Follows' from generate_series(1, 50) g`);
    // The locks the inserting transaction holds, counted before it commits: a lock per row would be thousands.
    const [row] = await h.orm.em.transactional(async (em) => {
      await em.execute(`with u as (select id from users where email like '${tag}-%')
        insert into follows (follower_id, followed_id) select a.id, b.id from u a, u b where a.id <> b.id`);
      return em.execute<{ follows: number; locks: number }[]>(
        `select (select count(*)::int from follows f join users u on u.id = f.follower_id where u.email like '${tag}-%') as follows,
                (select count(*)::int from pg_locks where pid = pg_backend_pid()) as locks`,
      );
    });
    expect(row?.follows).toBe(2_450);
    expect(row?.locks).toBeLessThan(100);
    await db.execute(`delete from users where email like '${tag}-%'`);
  });

  it('a follow being written, then a block: the block waits and ends it', async () => {
    const [a, b] = [await h.user(), await h.user()];
    await race(
      h,
      (client) => client.query('insert into follows (follower_id, followed_id) values ($1, $2)', [b.id, a.id]),
      () => h.caller(a.token).users.block({ id: b.id }),
    );
    expect(await followsBetween(a, b)).toBe(0);
  });

  it('a block being written, then a follow: the follow waits and is refused (404)', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const { outcome } = await race(
      h,
      (client) => client.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [a.id, b.id]),
      () => h.caller(b.token).users.follow({ id: a.id }),
    );
    expect(outcome).toMatchObject({ code: 'NOT_FOUND' });
    expect(await followsBetween(a, b)).toBe(0);
  });
});

describe('the two statements of a hot read (viewer/reader-statements.ts)', () => {
  /**
   * Which of the statements named `names` `fn` sends, by text (behind a transaction-mode pooler
   * they go unnamed); the harness's live delivery runs its own meanwhile.
   */
  async function statementsOf(names: string[], fn: () => Promise<unknown>): Promise<string[]> {
    const kinds = new Map(
      names.flatMap((name) => {
        const statement = namedStatements().get(name);
        return statement ? [[statement.text, name] as const] : [];
      }),
    );
    const sent: string[] = [];
    await h.watchQueries(fn, ({ text }) => kinds.has(text!) && sent.push(kinds.get(text!)!));
    return sent;
  }
  const POST_BY_ID_PAIR = [POST_BY_ID.plain.name, POST_BY_ID.guarded.name];

  it('a reader with no block and no mute reads without checks; with one, with them, learned once', async () => {
    const [reader, author, other] = [await h.user(), await h.user(), await h.user()];
    const post = (await write(author, 'read twice')).id;
    const read = () => statementsOf(POST_BY_ID_PAIR, () => h.caller(reader.token).posts.get({ id: post }));
    expect(await read()).toEqual(['post_by_id']);
    await h.caller(reader.token).users.block({ id: other.id });
    // The plain statement sees the block in its own snapshot, answers nothing, and the guarded one follows.
    expect(await read()).toEqual(['post_by_id', 'post_by_id_guarded']);
    expect(await read()).toEqual(['post_by_id_guarded']);
    await h.caller(reader.token).users.unblock({ id: other.id });
    expect(await read()).toEqual(['post_by_id_guarded']);
    expect(await read()).toEqual(['post_by_id']);
    // A block by someone else counts too: the reader is on one side of it.
    await h.caller(other.token).users.block({ id: reader.id });
    expect(await read()).toEqual(['post_by_id', 'post_by_id_guarded']);
  });

  it('a like, repost or bookmark by a reader this process thinks has no blocks answers the post as theirs, the hidden liker left out', async () => {
    const [reader, author, blocked] = [await h.user(), await h.user(), await h.user()];
    const post = (await write(author, 'liked across a block')).id;
    await h.caller(blocked.token).posts.like({ id: post });
    await h.caller(reader.token).users.block({ id: blocked.id });
    for (const [act, field] of [
      [() => h.caller(reader.token).posts.like({ id: post }), 'likedByMe'],
      [() => h.caller(reader.token).posts.repost({ id: post }), 'repostedByMe'],
      [() => h.request('POST', `/posts/${post}/bookmark`, { token: reader.token }), 'bookmarkedByMe'],
    ] as const) {
      // What this process remembers of readers is a guess: here, that the reader has no blocks.
      forgetReaders();
      const answer = await act();
      const body = ('body' in answer ? answer.body : answer) as Record<string, unknown>;
      expect(body).toEqual(await h.caller(reader.token).posts.get({ id: post }));
      expect(body[field]).toBe(true);
      expect([body.likeCount, (body.likedBy as { id: number }[]).map((user) => user.id)]).toEqual([1, [reader.id]]);
    }
  });

  it('a comment like or unlike is one statement: without checks for a reader with none; with them, learned once', async () => {
    const [reader, author, other] = [await h.user(), await h.user(), await h.user()];
    const post = (await write(author, 'comment liked twice')).id;
    const comment = (await h.caller(author.token).posts.comment({ id: post, content: 'liked twice' })).id;
    const pair = ['comment_like', 'comment_like_guarded', 'comment_unlike', 'comment_unlike_guarded'];
    const toggle = async () => [
      ...(await statementsOf(pair, () => h.caller(reader.token).comments.like({ id: comment }))),
      ...(await statementsOf(pair, () => del(reader, `/comments/${comment}/like`))),
    ];
    expect(await toggle()).toEqual(['comment_like', 'comment_unlike']);
    await h.caller(reader.token).users.block({ id: other.id });
    // The plain statement finds the block in its own snapshot and writes nothing: the guarded one writes.
    expect(await toggle()).toEqual(['comment_like', 'comment_like_guarded', 'comment_unlike_guarded']);
    await h.caller(reader.token).users.unblock({ id: other.id });
    expect(await toggle()).toEqual(['comment_like_guarded', 'comment_unlike']);
  });

  it('a comment like or unlike by a reader this process thinks has no blocks answers the comment as theirs, the hidden liker left out', async () => {
    const [reader, author, blocked] = [await h.user(), await h.user(), await h.user()];
    const post = (await write(author, 'comment liked across a block')).id;
    const comment = (await h.caller(author.token).posts.comment({ id: post, content: 'liked across a block' })).id;
    await h.caller(blocked.token).comments.like({ id: comment });
    await h.caller(reader.token).users.block({ id: blocked.id });
    const asReader = async () => (await h.caller(reader.token).posts.get({ id: post })).comments[0];
    forgetReaders();
    const liked = await h.caller(reader.token).comments.like({ id: comment });
    expect(liked).toEqual(await asReader());
    expect([liked.likedByMe, liked.likeCount, liked.likedBy.map((user) => user.id)]).toEqual([true, 1, [reader.id]]);
    forgetReaders();
    const unliked = await del(reader, `/comments/${comment}/like`);
    expect(unliked.status, unliked.text).toBe(200);
    expect(unliked.body).toEqual(await asReader());
    expect([unliked.body.likedByMe, unliked.body.likeCount, unliked.body.likedBy]).toEqual([false, 0, []]);
  });

  it.each(['post', 'comment'] as const)(
    'a %s like that finds the reader has blocks is written and answered in one snapshot: a block by the author committed meanwhile does not make it 404',
    async (kind) => {
      const [reader, author, other] = [await h.user(), await h.user(), await h.user()];
      const post = (await write(author, 'liked before a block')).id;
      const comment = (await h.caller(author.token).posts.comment({ id: post, content: 'liked before a block' })).id;
      // The reader has a block (of someone else) that this process does not know of.
      await h.caller(reader.token).users.block({ id: other.id });
      forgetReaders();
      const [table, key, id] =
        kind === 'post' ? ['post_likes', 'post_id', post] : ['comment_likes', 'comment_id', comment];
      const { outcome } = await race(
        h,
        // The same like, held uncommitted: the request's insert waits for it on the key.
        (client) => client.query(`insert into ${table} (${key}, user_id) values ($1, $2)`, [id, reader.id]),
        () =>
          kind === 'post' ? h.caller(reader.token).posts.like({ id }) : h.caller(reader.token).comments.like({ id }),
        // Committed after the request's first statement, before the held like gives way.
        { meanwhile: () => h.caller(author.token).users.block({ id: reader.id }), end: 'rollback' },
      );
      const [{ n }] = await h.orm.em
        .getConnection()
        .execute<[{ n: number }]>(`select count(*)::int as n from ${table} where ${key} = ? and user_id = ?`, [
          id,
          reader.id,
        ]);
      // Written, so answered: as the reader saw the post or comment when it was written.
      expect(n).toBe(1);
      expect(outcome).toMatchObject({ id, likedByMe: true, likeCount: 1 });
    },
  );
});
