import { describe, expect, it } from 'vitest';
import {
  expectApiError,
  expectNoSecrets,
  expectTrpcError,
  INVALID_IDS,
  MISSING_ID,
  summary,
} from '../../support/fixtures.js';
import { useHarness } from '../../support/harness.js';

const h = useHarness();

describe('GET /users', () => {
  it('answers 200 with every UserSummary, by id, without emails', async () => {
    const a = await h.user();
    const b = await h.user();
    const res = await h.request('GET', '/users', { token: a.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((user: { id: number }) => user.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    expect(res.body).toEqual(expect.arrayContaining([summary(a), summary(b)]));
    for (const user of res.body)
      expect(Object.keys(user).sort()).toEqual(['avatarUrl', 'firstName', 'handle', 'id', 'lastName']);
    expectNoSecrets(res.text, a.email, b.email);
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('GET', '/users'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /users/{id} and GET /users/me', () => {
  it('answers 200 with the UserWithRelations: posts and comments newest first, followed, followers', async () => {
    const me = await h.user({ firstName: 'Me' });
    const idol = await h.user({ firstName: 'Idol' });
    const fan = await h.user({ firstName: 'Fan' });
    const older = await h.caller(me.token).posts.create({ title: 'older', content: 'c' });
    const newer = await h.caller(me.token).posts.create({ title: 'newer', content: 'c' });
    const comment = await h.caller(me.token).posts.comment({ id: older.id, content: 'self-comment' });
    await h.caller(fan.token).posts.like({ id: newer.id });
    await h.caller(me.token).users.follow({ id: idol.id });
    await h.caller(fan.token).users.follow({ id: me.id });

    const res = await h.request('GET', `/users/${me.id}`, { token: fan.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ...summary(me),
      followed: [summary(idol)],
      followers: [summary(fan)],
      postCount: 2,
      commentCount: 1,
      followerCount: 1,
      followedCount: 1,
    });
    expect(res.body.posts.map((post: { title: string }) => post.title)).toEqual(['newer', 'older']);
    expect(res.body.posts[0]).toMatchObject({ likedBy: [summary(fan)], likeCount: 1, likedByMe: true });
    expect(res.body.posts[1].comments).toEqual([comment]);
    expect(res.body.comments).toEqual([comment]);
    expectNoSecrets(res.text, me.email, idol.email, fan.email);

    // The same profile to its owner, but for whether the reader likes the post.
    const mine = await h.request('GET', '/users/me', { token: me.token });
    expect(mine.status).toBe(200);
    expect(mine.body.posts[0].likedByMe).toBe(false);
    expect({ ...mine.body, posts: [] }).toEqual({ ...res.body, posts: [] });
    expect(mine.text).toBe((await h.request('GET', `/users/${me.id}`, { token: me.token })).text);
  });

  it('/users/me is a fixed path, with or without a trailing slash', async () => {
    const me = await h.user();
    expect((await h.request('GET', '/users/me/', { token: me.token })).body.id).toBe(me.id);
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    const me = await h.user();
    expectApiError(await h.request('GET', `/users/${id}`, { token: me.token }), 400, 'BAD_REQUEST', /^Invalid ID$/);
  });

  it('answers 404 for a user that does not exist', async () => {
    const me = await h.user();
    expectApiError(
      await h.request('GET', `/users/${MISSING_ID}`, { token: me.token }),
      404,
      'NOT_FOUND',
      'User not found',
    );
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('GET', '/users/me'), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/users/1'), 401, 'UNAUTHORIZED');
  });
});

describe('POST /users/{id}/follow and DELETE /users/{id}/follow', () => {
  it('follow answers 200 with the followed user’s profile; unfollow undoes it', async () => {
    const me = await h.user();
    const other = await h.user();
    const followed = await h.request('POST', `/users/${other.id}/follow`, { token: me.token });
    expect(followed.status).toBe(200);
    expect(followed.body).toMatchObject({ ...summary(other), followers: [summary(me)], followed: [] });
    expect((await h.request('GET', '/users/me', { token: me.token })).body.followed).toEqual([summary(other)]);

    const unfollowed = await h.request('DELETE', `/users/${other.id}/follow/`, { token: me.token });
    expect(unfollowed.status).toBe(200);
    expect(unfollowed.body).toMatchObject({ ...summary(other), followers: [] });
    expect((await h.request('GET', '/users/me', { token: me.token })).body.followed).toEqual([]);
  });

  it('following someone already followed answers 400', async () => {
    const me = await h.user();
    const other = await h.user();
    await h.request('POST', `/users/${other.id}/follow`, { token: me.token });
    expectApiError(
      await h.request('POST', `/users/${other.id}/follow`, { token: me.token }),
      400,
      'BAD_REQUEST',
      'Already following',
    );
  });

  it('following oneself answers 400', async () => {
    const me = await h.user();
    expectApiError(
      await h.request('POST', `/users/${me.id}/follow`, { token: me.token }),
      400,
      'BAD_REQUEST',
      /yourself/,
    );
  });

  it('unfollowing someone not followed answers 400', async () => {
    const me = await h.user();
    const other = await h.user();
    expectApiError(
      await h.request('DELETE', `/users/${other.id}/follow`, { token: me.token }),
      400,
      'BAD_REQUEST',
      'Not following',
    );
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    const me = await h.user();
    expectApiError(
      await h.request('POST', `/users/${id}/follow`, { token: me.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    expectApiError(
      await h.request('DELETE', `/users/${id}/follow`, { token: me.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
  });

  it('answers 404 for a user that does not exist', async () => {
    const me = await h.user();
    expectApiError(await h.request('POST', `/users/${MISSING_ID}/follow`, { token: me.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('DELETE', `/users/${MISSING_ID}/follow`, { token: me.token }), 404, 'NOT_FOUND');
  });

  it('concurrent duplicate follows: one 200, the rest 400, one row', async () => {
    const me = await h.user();
    const other = await h.user();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => h.request('POST', `/users/${other.id}/follow`, { token: me.token })),
    );
    expect(responses.map((res) => res.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect((await h.request('GET', `/users/${other.id}`, { token: me.token })).body.followers).toEqual([summary(me)]);
  });

  it('works as procedures', async () => {
    const me = await h.user();
    const other = await h.user();
    const caller = h.caller(me.token);
    await expect(caller.users.follow({ id: other.id })).resolves.toMatchObject({ id: other.id });
    await expectTrpcError(caller.users.follow({ id: other.id }), 'BAD_REQUEST');
    await expectTrpcError(caller.users.follow({ id: MISSING_ID }), 'NOT_FOUND');
    await expect(caller.users.unfollow({ id: other.id })).resolves.toMatchObject({ followers: [] });
    await expectTrpcError(caller.users.unfollow({ id: other.id }), 'BAD_REQUEST');
    await expect(caller.users.me()).resolves.toMatchObject({ id: me.id });
    await expect(caller.users.get({ id: other.id })).resolves.toMatchObject({ id: other.id });
    await expect(caller.users.list()).resolves.toEqual(expect.arrayContaining([summary(me), summary(other)]));
  });
});
