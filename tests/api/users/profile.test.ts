import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectNoSecrets, expectTrpcError, MISSING_ID, summary } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let ada: TestUser;
let fans: TestUser[];

beforeAll(async () => {
  ada = await h.user({ firstName: 'Ada' });
  fans = [];
  for (let i = 0; i < 4; i++) fans.push(await h.user({ firstName: `Fan${i}` }));
  for (const fan of fans) await h.caller(fan.token).users.follow({ id: ada.id });
  for (const fan of fans.slice(0, 3)) await h.caller(ada.token).users.follow({ id: fan.id });
});

describe('GET /users/{id}/posts', () => {
  it("answers 200 with the user's posts only, newest first, whole or paged", async () => {
    const author = await h.user();
    const written = [];
    for (let i = 0; i < 4; i++)
      written.push(await h.caller(author.token).posts.create({ title: `p${i}`, content: 'c' }));
    await h.caller(ada.token).posts.create({ title: 'not theirs', content: 'c' });
    const newestFirst = written.reverse();
    const all = await h.request('GET', `/users/${author.id}/posts`, { token: ada.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual(newestFirst);
    const page = await h.request('GET', `/users/${author.id}/posts?limit=2&before=${newestFirst[0]!.id}`, {
      token: ada.token,
    });
    expect(page.body).toEqual(newestFirst.slice(1, 3));
  });

  it('answers [] for a user without posts; 404, 400 and 401 as documented', async () => {
    const quiet = await h.user();
    for (const path of [`/users/${quiet.id}/posts`, `/users/${quiet.id}/posts?limit=5`]) {
      const res = await h.request('GET', path, { token: ada.token });
      expect(res.status).toBe(200);
      expect(res.text).toBe('[]');
    }
    for (const path of [`/users/${MISSING_ID}/posts`, `/users/${MISSING_ID}/posts?limit=5`]) {
      expectApiError(await h.request('GET', path, { token: ada.token }), 404, 'NOT_FOUND', 'User not found');
    }
    for (const path of ['/users/abc/posts', `/users/${ada.id}/posts?limit=0`, `/users/${ada.id}/posts?before=-1`]) {
      expectApiError(await h.request('GET', path, { token: ada.token }), 400, 'BAD_REQUEST');
    }
    expectApiError(await h.request('GET', `/users/${ada.id}/posts`), 401, 'UNAUTHORIZED');
  });

  it('works as a procedure', async () => {
    const post = await h.caller(ada.token).posts.create({ title: 'mine', content: 'c' });
    expect((await h.caller(ada.token).users.posts({ id: ada.id, limit: 1 }))[0]).toEqual(post);
    await expectTrpcError(h.caller(ada.token).users.posts({ id: MISSING_ID }), 'NOT_FOUND');
  });
});

describe('GET /users/{id}/followers and /users/{id}/followed', () => {
  it('answer 200 with UserSummary lists by id, whole or paged', async () => {
    const followers = await h.request('GET', `/users/${ada.id}/followers`, { token: ada.token });
    expect(followers.status).toBe(200);
    expect(followers.body).toEqual(fans.map(summary));
    const followed = await h.request('GET', `/users/${ada.id}/followed`, { token: ada.token });
    expect(followed.body).toEqual(fans.slice(0, 3).map(summary));
    const page = await h.request('GET', `/users/${ada.id}/followers?limit=2&before=${fans[0]!.id}`, {
      token: ada.token,
    });
    expect(page.body).toEqual(fans.slice(1, 3).map(summary));
    expectNoSecrets(followers.text, ...fans.map((fan) => fan.email));
  });

  it.each(['followers', 'followed'])('%s: [] when none; 404, 400 and 401 as documented', async (side) => {
    const loner = await h.user();
    expect((await h.request('GET', `/users/${loner.id}/${side}`, { token: ada.token })).body).toEqual([]);
    expectApiError(await h.request('GET', `/users/${MISSING_ID}/${side}`, { token: ada.token }), 404, 'NOT_FOUND');
    for (const query of ['', '?limit=101', '?before=abc']) {
      const path = query ? `/users/${ada.id}/${side}${query}` : `/users/0/${side}`;
      expectApiError(await h.request('GET', path, { token: ada.token }), 400, 'BAD_REQUEST');
    }
    expectApiError(await h.request('GET', `/users/${ada.id}/${side}`), 401, 'UNAUTHORIZED');
  });

  it('work as procedures', async () => {
    const caller = h.caller(ada.token);
    expect(await caller.users.followers({ id: ada.id, limit: 1 })).toEqual([summary(fans[0]!)]);
    expect(await caller.users.followed({ id: ada.id, before: fans[1]!.id })).toEqual([summary(fans[2]!)]);
    await expectTrpcError(caller.users.followers({ id: MISSING_ID }), 'NOT_FOUND');
    await expectTrpcError(caller.users.followed({ id: MISSING_ID }), 'NOT_FOUND');
  });
});

describe('PATCH /users/me', () => {
  it('answers 200 with the new UserSummary; only the names given change', async () => {
    const user = await h.user({ firstName: 'Old', lastName: 'Name' });
    const first = await h.request('PATCH', '/users/me', { token: user.token, body: { firstName: ' New ' } });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      id: user.id,
      firstName: 'New',
      lastName: 'Name',
      avatarUrl: null,
      handle: user.handle,
    });
    const both = await h.request('PATCH', '/users/me', {
      token: user.token,
      body: { firstName: 'A', lastName: 'B', email: 'x@example.com', id: 1 },
    });
    expect(both.body).toEqual({ id: user.id, firstName: 'A', lastName: 'B', avatarUrl: null, handle: user.handle });
    expect(await h.caller(ada.token).users.get({ id: user.id })).toMatchObject({ firstName: 'A', lastName: 'B' });
    expectNoSecrets(both.text, user.email);
  });

  it.each([
    ['no body', undefined],
    ['no name', {}],
    ['a blank name', { firstName: ' ' }],
    ['a name over 100 characters', { lastName: 'x'.repeat(101) }],
    ['a name that is not a string', { firstName: 5 }],
  ])('answers 400 for %s', async (_name, body) => {
    expectApiError(await h.request('PATCH', '/users/me', { token: ada.token, body }), 400, 'BAD_REQUEST');
  });

  it('answers 401 without a token, and works as a procedure', async () => {
    expectApiError(await h.request('PATCH', '/users/me', { body: { firstName: 'X' } }), 401, 'UNAUTHORIZED');
    const user = await h.user();
    expect(await h.caller(user.token).users.updateMe({ lastName: 'Z' })).toEqual({ ...summary(user), lastName: 'Z' });
    await expectTrpcError(h.caller(user.token).users.updateMe({}), 'BAD_REQUEST');
  });
});

describe('DELETE /users/me', () => {
  it('answers 204 and removes the user and everything they wrote or did; tokens die; the email can sign up again', async () => {
    const leaver = await h.user();
    const other = await h.user();
    const own = await h.caller(leaver.token).posts.create({ title: 'mine', content: 'c' });
    const theirs = await h.caller(other.token).posts.create({ title: 'theirs', content: 'c' });
    const onOwn = await h.caller(other.token).posts.comment({ id: own.id, content: 'on the leaver’s post' });
    await h.caller(other.token).comments.like({ id: onOwn.id });
    await h.caller(other.token).posts.like({ id: own.id });
    const onTheirs = await h.caller(leaver.token).posts.comment({ id: theirs.id, content: 'by the leaver' });
    await h.caller(other.token).comments.like({ id: onTheirs.id });
    await h.caller(leaver.token).posts.like({ id: theirs.id });
    const survivor = await h.caller(other.token).posts.comment({ id: theirs.id, content: 'stays' });
    await h.caller(leaver.token).comments.like({ id: survivor.id });
    await h.caller(leaver.token).users.follow({ id: other.id });
    await h.caller(other.token).users.follow({ id: leaver.id });
    await h
      .caller(leaver.token)
      .events.create({ name: 'e', description: '', location: '', dateTime: '2030-01-01T10:00:00Z' });
    const second = (await h.caller().auth.login({ email: leaver.email, password: PASSWORD })).token;

    const res = await h.request('DELETE', '/users/me', { token: leaver.token, body: { password: PASSWORD } });
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');

    const [left] = await h.orm.em.getConnection().execute(
      `select (select count(*) from users where id = :id)::int as users,
              (select count(*) from posts where author_id = :id)::int as posts,
              (select count(*) from comments where author_id = :id or post_id = :post)::int as comments,
              (select count(*) from post_likes where user_id = :id or post_id = :post)::int as post_likes,
              (select count(*) from comment_likes where user_id = :id or comment_id in (:c1, :c2))::int as comment_likes,
              (select count(*) from follows where follower_id = :id or followed_id = :id)::int as follows,
              (select count(*) from events where owner_id = :id)::int as events,
              (select count(*) from sessions where user_id = :id)::int as sessions`
        .replaceAll(':id', String(leaver.id))
        .replaceAll(':post', String(own.id))
        .replace(':c1', String(onOwn.id))
        .replace(':c2', String(onTheirs.id)),
    );
    expect(left).toEqual({
      users: 0,
      posts: 0,
      comments: 0,
      post_likes: 0,
      comment_likes: 0,
      follows: 0,
      events: 0,
      sessions: 0,
    });
    // Other people's things stay, without the leaver in them.
    const kept = await h.caller(other.token).posts.get({ id: theirs.id });
    expect(kept.likedBy).toEqual([]);
    expect(kept.comments).toEqual([{ ...survivor, likedBy: [] }]);

    for (const token of [leaver.token, second]) {
      expectApiError(await h.request('GET', '/users/me', { token }), 401, 'UNAUTHORIZED');
    }
    const again = await h.request('POST', '/auth/signup', {
      body: {
        email: leaver.email,
        password: PASSWORD,
        passwordValidation: PASSWORD,
        firstName: 'Back',
        lastName: 'Again',
      },
    });
    expect(again.status, again.text).toBe(200);
  });

  it('answers 400 for a wrong or missing password and deletes nothing; a password in the URL is ignored', async () => {
    const user = await h.user();
    expectApiError(
      await h.request('DELETE', '/users/me', { token: user.token, body: { password: 'wrong password' } }),
      400,
      'BAD_REQUEST',
      'Password is incorrect',
    );
    for (const body of [undefined, {}, { password: 123 }, [PASSWORD]]) {
      expectApiError(await h.request('DELETE', '/users/me', { token: user.token, body }), 400, 'BAD_REQUEST');
    }
    const inUrl = await h.request('DELETE', `/users/me?password=${encodeURIComponent(PASSWORD)}`, {
      token: user.token,
    });
    expectApiError(inUrl, 400, 'BAD_REQUEST');
    expect((await h.request('GET', '/users/me', { token: user.token })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('DELETE', '/users/me', { body: { password: PASSWORD } }), 401, 'UNAUTHORIZED');
  });

  it('works as a procedure', async () => {
    const user = await h.user();
    await expectTrpcError(h.caller(user.token).users.deleteMe({ password: 'wrong password' }), 'BAD_REQUEST');
    await expect(h.caller(user.token).users.deleteMe({ password: PASSWORD })).resolves.toBeUndefined();
    await expectTrpcError(h.caller(user.token).users.me(), 'UNAUTHORIZED');
  });
});
