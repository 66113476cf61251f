import { beforeAll, describe, expect, it } from 'vitest';
import { listPostsForFollowers } from '../../../src/live/live.queries.js';
import { expectApiError, expectTrpcError, INVALID_IDS, MISSING_ID } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/**
 * Bookmarks (issue 41, item 7): POST and DELETE /posts/{id}/bookmark, the Post's bookmarkedByMe,
 * GET /users/me/bookmarks, and their privacy; through the procedures (createCaller) and over HTTP.
 */
const h = useHarness();
let author: TestUser;
let reader: TestUser;
beforeAll(async () => {
  author = await h.user();
  reader = await h.user();
});

const write = (user: TestUser, title = 't') => h.caller(user.token).posts.create({ title, content: 'c' });
const bookmark = (user: TestUser, id: number | string) =>
  h.request('POST', `/posts/${id}/bookmark`, { token: user.token });
const unbookmark = (user: TestUser, id: number | string) =>
  h.request('DELETE', `/posts/${id}/bookmark`, { token: user.token });
const listed = async (user: TestUser, query = '') => {
  const res = await h.request('GET', `/users/me/bookmarks${query}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }[]).map((p) => p.id);
};
const ids = (posts: { id: number }[]) => posts.map((p) => p.id);
const rows = async (sql: string, params: unknown[]) =>
  Number((await h.orm.em.getConnection().execute<{ n: number }[]>(sql, params))[0]!.n);

describe('POST and DELETE /posts/{id}/bookmark', () => {
  it('bookmark answers 200 with bookmarkedByMe; unbookmark answers the post as before', async () => {
    const post = await write(author);
    const marked = await bookmark(reader, post.id);
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toEqual({ ...post, bookmarkedByMe: true });
    expect(await h.caller(reader.token).posts.get({ id: post.id })).toEqual({ ...post, bookmarkedByMe: true });
    const unmarked = await unbookmark(reader, post.id);
    expect(unmarked.status, unmarked.text).toBe(200);
    expect(unmarked.body).toEqual(post);
  });

  it('a second bookmark is 400, unbookmarking a post not bookmarked is 400, over REST and createCaller', async () => {
    const post = await write(author);
    const caller = h.caller(reader.token);
    await expect(caller.posts.bookmark({ id: post.id })).resolves.toMatchObject({ bookmarkedByMe: true });
    expectApiError(await bookmark(reader, post.id), 400, 'BAD_REQUEST', 'Post already bookmarked');
    await expectTrpcError(caller.posts.bookmark({ id: post.id }), 'BAD_REQUEST', 'Post already bookmarked');
    await expect(caller.posts.unbookmark({ id: post.id })).resolves.toMatchObject({ bookmarkedByMe: false });
    expectApiError(await unbookmark(reader, post.id), 400, 'BAD_REQUEST', 'Post not bookmarked');
    await expectTrpcError(caller.posts.unbookmark({ id: post.id }), 'BAD_REQUEST', 'Post not bookmarked');
  });

  it('invalid ids are 400, a missing post 404, no token 401, and /trpc answers too', async () => {
    for (const id of INVALID_IDS) {
      expectApiError(await bookmark(reader, id), 400, 'BAD_REQUEST');
      expectApiError(await unbookmark(reader, id), 400, 'BAD_REQUEST');
    }
    expectApiError(await bookmark(reader, MISSING_ID), 404, 'NOT_FOUND');
    expectApiError(await unbookmark(reader, MISSING_ID), 404, 'NOT_FOUND');
    await expectTrpcError(h.caller(reader.token).posts.bookmark({ id: MISSING_ID }), 'NOT_FOUND');
    const post = await write(author);
    expectApiError(await h.request('POST', `/posts/${post.id}/bookmark`), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/users/me/bookmarks'), 401, 'UNAUTHORIZED');
    await expectTrpcError(h.caller().users.bookmarks(), 'UNAUTHORIZED');
    const res = await h.request('POST', '/trpc/posts.bookmark', { token: reader.token, body: { id: post.id } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.result.data).toMatchObject({ id: post.id, bookmarkedByMe: true });
  });

  it('eight simultaneous bookmarks by one user: one 200, seven 400, one row', async () => {
    const post = await write(author);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => bookmark(reader, post.id)));
    expect(statuses.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(400)]);
    expect(await rows('select count(*)::int as n from bookmarks where post_id = ?', [post.id])).toBe(1);
  });
});

describe('bookmarks are private', () => {
  it("another reader's answers never change with a bookmark, and nobody is notified", async () => {
    const [writer, marker, other] = [await h.user(), await h.user(), await h.user()];
    await h.caller(other.token).users.follow({ id: writer.id });
    const post = await write(writer);
    const seen = async () => ({
      post: (await h.request('GET', `/posts/${post.id}`, { token: other.token })).text,
      viaCaller: await h.caller(other.token).posts.get({ id: post.id }),
      own: (await h.request('GET', `/posts/${post.id}`, { token: writer.token })).text,
      list: (await h.request('GET', '/posts?limit=5', { token: other.token })).text,
      feed: (await h.request('GET', '/posts/followed', { token: other.token })).text,
      profile: (await h.request('GET', `/users/${writer.id}`, { token: other.token })).text,
      posts: (await h.request('GET', `/users/${writer.id}/posts`, { token: other.token })).text,
      theirBookmarks: (await h.request('GET', '/users/me/bookmarks', { token: other.token })).text,
      notifications: await h.caller(writer.token).notifications.list(),
      unread: await h.caller(writer.token).notifications.unreadCount(),
      live: (await listPostsForFollowers(h.orm, [post.id], [other.id])).map((e) => e.event.json),
    });
    const before = await seen();
    expect((await bookmark(marker, post.id)).status).toBe(200);
    expect(await seen()).toEqual(before);
    expect(before.notifications.map((n) => n.type)).toEqual(['follow']); // the other's follow only
    // The Post has no count of bookmarks at all.
    expect(Object.keys(before.viaCaller).filter((key) => /bookmark/i.test(key))).toEqual(['bookmarkedByMe']);
    expect(await listed(marker)).toEqual([post.id]);
  });

  it("a follower's live event carries their own bookmarkedByMe", async () => {
    const [writer, marker, other] = [await h.user(), await h.user(), await h.user()];
    for (const user of [marker, other]) await h.caller(user.token).users.follow({ id: writer.id });
    const post = await write(writer);
    await bookmark(marker, post.id);
    const events = await listPostsForFollowers(h.orm, [post.id], [marker.id, other.id]);
    const of = (user: TestUser) => JSON.parse(events.find((e) => e.followers.includes(user.id))!.event.json);
    expect(of(marker).bookmarkedByMe).toBe(true);
    expect(of(other).bookmarkedByMe).toBe(false);
  });
});

describe('GET /users/me/bookmarks', () => {
  it('lists the caller’s bookmarked posts, newest bookmarked first, paged by post id, over REST and createCaller', async () => {
    const user = await h.user();
    const posts = [
      await write(author, 'a'),
      await write(author, 'b'),
      await write(author, 'c'),
      await write(author, 'd'),
    ];
    // Bookmarked in another order than written: b, d, a, c.
    for (const i of [1, 3, 0, 2]) await bookmark(user, posts[i]!.id);
    const order = [2, 0, 3, 1].map((i) => posts[i]!.id);
    expect(await listed(user)).toEqual(order);
    const whole = await h.caller(user.token).users.bookmarks();
    expect(ids(whole)).toEqual(order);
    expect(whole.every((post) => post.bookmarkedByMe)).toBe(true);
    expect(await listed(user, '?limit=2')).toEqual(order.slice(0, 2));
    expect(await listed(user, `?limit=2&before=${order[1]}`)).toEqual(order.slice(2));
    expect(await listed(user, `?limit=2&before=${order[3]}`)).toEqual([]);
    expect(await listed(user, `?before=${order[0]}`)).toEqual(order.slice(1));
    expect(ids(await h.caller(user.token).users.bookmarks({ limit: 1, before: order[2] }))).toEqual([order[3]]);
    // The REST stream is the procedure's JSON, byte for byte.
    expect((await h.request('GET', '/users/me/bookmarks', { token: user.token })).text).toBe(JSON.stringify(whole));
    // Unbookmarked: gone from the list.
    await unbookmark(user, order[0]!);
    expect(await listed(user)).toEqual(order.slice(1));
  });

  it('a before that names no bookmarked post of the caller is 400; a bad limit 400', async () => {
    const [user, other] = [await h.user(), await h.user()];
    const [mine, theirs] = [await write(author), await write(author)];
    await bookmark(user, mine.id);
    await bookmark(other, theirs.id);
    for (const before of [theirs.id, MISSING_ID]) {
      expectApiError(
        await h.request('GET', `/users/me/bookmarks?limit=5&before=${before}`, { token: user.token }),
        400,
        'BAD_REQUEST',
        'before names no bookmarked post',
      );
      await expectTrpcError(h.caller(user.token).users.bookmarks({ limit: 5, before }), 'BAD_REQUEST');
    }
    for (const limit of ['0', '101', 'x'])
      expectApiError(
        await h.request('GET', `/users/me/bookmarks?limit=${limit}`, { token: user.token }),
        400,
        'BAD_REQUEST',
      );
  });

  it('each list is its owner’s: another user’s bookmarks never show', async () => {
    const [one, two] = [await h.user(), await h.user()];
    const post = await write(author);
    await bookmark(one, post.id);
    expect(await listed(one)).toEqual([post.id]);
    expect(await listed(two)).toEqual([]);
    expect(await h.caller(two.token).users.bookmarks()).toEqual([]);
  });
});

describe('blocks and mutes', () => {
  it('a block makes the post absent: bookmarking or unbookmarking it is 404, the list leaves it out until unblock', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const [postA, postB, other] = [await write(a), await write(b), await write(author)];
    await bookmark(b, postA.id); // before the block
    await bookmark(b, other.id);
    await h.caller(a.token).users.block({ id: b.id });
    for (const [user, post] of [
      [b, postA],
      [a, postB],
    ] as const) {
      expectApiError(await bookmark(user, post.id), 404, 'NOT_FOUND');
      await expectTrpcError(h.caller(user.token).posts.bookmark({ id: post.id }), 'NOT_FOUND');
    }
    expectApiError(await unbookmark(b, postA.id), 404, 'NOT_FOUND');
    expect(await listed(b)).toEqual([other.id]);
    expect(ids(await h.caller(b.token).users.bookmarks())).toEqual([other.id]);
    expect(ids(await h.caller(b.token).users.bookmarks({ limit: 10 }))).toEqual([other.id]);
    // The hidden bookmark names no place in the list.
    expectApiError(
      await h.request('GET', `/users/me/bookmarks?limit=5&before=${postA.id}`, { token: b.token }),
      400,
      'BAD_REQUEST',
    );
    // The blocked user's own bookmarks of third posts are untouched; the row stays, and returns on unblock.
    await h.caller(a.token).users.unblock({ id: b.id });
    expect(await listed(b)).toEqual([other.id, postA.id]);
  });

  it("a muted author's bookmarked post stays in the muter's bookmarks", async () => {
    const [muter, muted] = [await h.user(), await h.user()];
    const post = await write(muted);
    await bookmark(muter, post.id);
    await h.caller(muter.token).users.mute({ id: muted.id });
    expect(await listed(muter)).toEqual([post.id]);
    expect(ids(await h.caller(muter.token).users.bookmarks({ limit: 5 }))).toEqual([post.id]);
    // And one may still bookmark a muted author's post, as one may open it.
    expect((await bookmark(muter, (await write(muted)).id)).status).toBe(200);
  });

  it("a bookmarked post's likers and comments across a block are left out of it, as everywhere", async () => {
    const [user, blocked] = [await h.user(), await h.user()];
    const post = await write(author);
    await h.caller(blocked.token).posts.like({ id: post.id });
    await h.caller(blocked.token).posts.repost({ id: post.id });
    await bookmark(user, post.id);
    await h.caller(user.token).users.block({ id: blocked.id });
    const [shown] = await h.caller(user.token).users.bookmarks();
    expect(shown).toMatchObject({ id: post.id, likedBy: [], likeCount: 0, repostCount: 0, bookmarkedByMe: true });
  });
});

describe('deletions', () => {
  it('deleting the post or the bookmarking account removes the bookmarks', async () => {
    const [user, leaver] = [await h.user(), await h.user()];
    const [kept, gone] = [await write(author), await write(author)];
    for (const post of [kept, gone]) {
      await bookmark(user, post.id);
      await bookmark(leaver, post.id);
    }
    expect((await h.request('DELETE', `/posts/${gone.id}`, { token: author.token })).status).toBe(204);
    expect(await listed(user)).toEqual([kept.id]);
    expect(await rows('select count(*)::int as n from bookmarks where post_id = ?', [gone.id])).toBe(0);
    const deleted = await h.request('DELETE', '/users/me', { token: leaver.token, body: { password: PASSWORD } });
    expect(deleted.status, deleted.text).toBe(204);
    expect(await rows('select count(*)::int as n from bookmarks where user_id = ?', [leaver.id])).toBe(0);
    expect(await listed(user)).toEqual([kept.id]);
  });
});
