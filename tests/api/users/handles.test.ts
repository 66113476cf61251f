import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { expectApiError, expectTrpcError, summary } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/** Handles (issue 41): given or derived at signup, changed with PATCH /users/me, looked up by GET /users/by-handle/{handle} and q=@handle. */
const h = useHarness();

const signupBody = (firstName: string, lastName: string, handle?: string) => ({
  email: `handle-${randomUUID()}@example.com`,
  password: PASSWORD,
  passwordValidation: PASSWORD,
  firstName,
  lastName,
  ...(handle !== undefined && { handle }),
});

const registerBody = (name: string, handle?: string) => ({
  email: `handle-${randomUUID()}@example.com`,
  name,
  password: PASSWORD,
  password_confirm: PASSWORD,
  ...(handle !== undefined && { handle }),
});

const TAKEN = [{ path: 'handle', message: 'handle is taken' }];

/** A unique handle for a test: the prefix and some hex. */
const fresh = (prefix: string) => `${prefix}_${randomUUID().slice(0, 8)}`;

describe('signup', () => {
  it('derives a free handle from the name: accents dropped, lower-case, _ between words, a number for the next namesake', async () => {
    const first = await h.request('POST', '/auth/signup', { body: signupBody('José', 'Müller-Lüdenscheidt') });
    expect(first.status, first.text).toBe(200);
    expect(first.body.handle).toBe('jose_muller_ludenscheidt');
    const second = await h.caller().auth.signup(signupBody('Jose', 'MULLER Ludenscheidt'));
    expect(second.handle).toBe('jose_muller_ludenscheidt2');
    const registered = await h.request('POST', '/auth/register/', { body: registerBody('José Müller Lüdenscheidt') });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.handle).toBe('jose_muller_ludenscheidt3');
  });

  it('derives a handle of 3 to 30 characters from any name: cut to 30, padded when too short, "user" with no letter a-z', async () => {
    const asAnyone = h.caller();
    const long = await asAnyone.auth.signup(signupBody('Maximilian', 'Featherstonehaugh-Cholmondeley'));
    expect(long.handle).toBe('maximilian_featherstonehaugh_c');
    // The next namesake's number takes the last letter's place, and the _ before it goes too.
    expect((await asAnyone.auth.signup(signupBody('Maximilian', 'Featherstonehaugh-Cholmondeley'))).handle).toBe(
      'maximilian_featherstonehaugh2',
    );
    expect((await asAnyone.auth.signup(signupBody('X', '!'))).handle).toBe('user_x');
    expect((await asAnyone.auth.signup(signupBody('李', '小龍'))).handle).toMatch(/^user\d*$/);
  });

  it('takes a handle given, trimmed and lower-cased; on both signups', async () => {
    const handle = fresh('Grace');
    const res = await h.request('POST', '/auth/signup', {
      body: signupBody('Grace', 'Hopper', ` ${handle.toUpperCase()} `),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.handle).toBe(handle.toLowerCase());
    const other = fresh('ada');
    const registered = await h.request('POST', '/auth/register/', { body: registerBody('Ada Lovelace', other) });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.body.handle).toBe(other);
    expect((await h.caller().auth.signup(signupBody('Grace', 'Hopper', fresh('g')))).handle).toMatch(/^g_/);
  });

  it('answers 400 naming handle for a taken handle, in any letter case, and creates no account', async () => {
    const handle = fresh('taken');
    await h.caller().auth.signup(signupBody('First', 'Taker', handle));
    const body = signupBody('Second', 'Taker', handle.toUpperCase());
    const res = await h.request('POST', '/auth/signup', { body });
    expectApiError(res, 400, 'BAD_REQUEST', 'handle is taken');
    expect(res.body.issues).toEqual(TAKEN);
    expect((await h.request('POST', '/auth/login', { body: { email: body.email, password: PASSWORD } })).status).toBe(
      401,
    );
    const registered = await h.request('POST', '/auth/register/', { body: registerBody('Third Taker', handle) });
    expectApiError(registered, 400, 'BAD_REQUEST', 'handle is taken');
    expect(registered.body.issues).toEqual(TAKEN);
    await expectTrpcError(
      h.caller().auth.signup(signupBody('Fourth', 'Taker', handle)),
      'BAD_REQUEST',
      'handle is taken',
    );
    await expectTrpcError(
      h.caller().auth.register(registerBody('Fifth Taker', handle)),
      'BAD_REQUEST',
      'handle is taken',
    );
  });

  it('answers 400 naming handle for a malformed one: too short, too long, or not a-z, 0-9 and _', async () => {
    for (const handle of ['ab', 'a'.repeat(31), 'ada-lovelace', 'ada lovelace', '@ada', 'adá', '']) {
      const res = await h.request('POST', '/auth/signup', { body: signupBody('Bad', 'Handle', handle) });
      expectApiError(res, 400, 'BAD_REQUEST', /^handle must be 3 to 30 characters of a-z, 0-9 and _/);
      expect(res.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['handle']);
    }
    await expectTrpcError(h.caller().auth.signup(signupBody('Bad', 'Handle', 'no!')), 'BAD_REQUEST', /^handle must/);
  });

  it('gives concurrent signups of one name each a handle of its own', async () => {
    const surname = `Twin${randomUUID().slice(0, 6)}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2 === 0
          ? h.request('POST', '/auth/signup', { body: signupBody('Same', surname) })
          : h.caller().auth.signup(signupBody('Same', surname)),
      ),
    );
    const handles = answers.map((answer) => {
      if ('status' in answer) {
        expect(answer.status, answer.text).toBe(200);
        return answer.body.handle as string;
      }
      return answer.handle;
    });
    expect(new Set(handles).size).toBe(12);
    const base = `same_${surname.toLowerCase()}`;
    expect(handles.sort()).toEqual([base, ...Array.from({ length: 11 }, (_, i) => `${base}${i + 2}`)].sort());
  });

  it('signups deriving a handle while another derivation of the name is uncommitted wait for it, then all succeed', async () => {
    const surname = `Held${randomUUID().slice(0, 6)}`;
    const base = `racer_${surname.toLowerCase()}`;
    const held = new pg.Client({ connectionString: h.databaseUrl });
    await held.connect();
    try {
      await held.query('begin');
      await held.query(
        `insert into users (email, password_hash, first_name, last_name, handle)
         values ($1, 'x', 'Racer', $2::text, feedline_free_handle('Racer', $2))`,
        [`held-${randomUUID()}@example.com`, surname],
      );
      const heldPid = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const racers = Array.from({ length: 4 }, (_, i) =>
        i % 2 === 0
          ? h.request('POST', '/auth/signup', { body: signupBody('Racer', surname) })
          : h
              .caller()
              .auth.signup(signupBody('Racer', surname))
              .then((body) => ({ status: 200, body, text: '' })),
      );
      // Every racer is at its insert, waiting on the held transaction, before it commits.
      const db = h.orm.em.getConnection();
      for (;;) {
        const [row] = await db.execute<{ n: number }[]>(
          'select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
          [heldPid],
        );
        if (row!.n === racers.length) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await held.query('commit');
      const answers = await Promise.all(
        racers.map((racer) => racer.catch((error: unknown) => ({ status: 0, body: {}, text: String(error) }))),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
      expect(answers.map((answer) => answer.body.handle as string).sort()).toEqual(
        [2, 3, 4, 5].map((n) => `${base}${n}`).sort(),
      );
    } finally {
      await held.end();
    }
  });

  it('a signup deriving the handle another signup is taking by name at that moment derives the next one', async () => {
    const surname = `Given${randomUUID().slice(0, 6)}`;
    const base = `racer_${surname.toLowerCase()}`;
    const held = new pg.Client({ connectionString: h.databaseUrl });
    await held.connect();
    try {
      await held.query('begin');
      await held.query(
        `insert into users (email, password_hash, first_name, last_name, handle) values ($1, 'x', 'Other', 'Name', $2)`,
        [`given-${randomUUID()}@example.com`, base],
      );
      const heldPid = (await held.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const racer = h.request('POST', '/auth/signup', { body: signupBody('Racer', surname) });
      const db = h.orm.em.getConnection();
      for (;;) {
        const [row] = await db.execute<{ n: number }[]>(
          'select count(*)::int as n from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
          [heldPid],
        );
        if (row!.n === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await held.query('commit');
      const answer = await racer;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.handle).toBe(`${base}2`);
    } finally {
      await held.end();
    }
  });

  it('of concurrent signups giving one handle, exactly one gets it; the others are told it is taken', async () => {
    const handle = fresh('race');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        h.request('POST', '/auth/signup', { body: signupBody('Race', `R${i}`, handle) }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expectApiError(answer, 400, 'BAD_REQUEST', 'handle is taken');
      expect(answer.body.issues).toEqual(TAKEN);
    }
  });
});

describe('PATCH /users/me', () => {
  it('changes the handle (trimmed, lower-cased) and only it; the old one is free again', async () => {
    const user = await h.user({ firstName: 'Patch', lastName: 'Me' });
    const handle = fresh('patched');
    const res = await h.request('PATCH', '/users/me', {
      token: user.token,
      body: { handle: ` ${handle.toUpperCase()}` },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ...summary(user), handle });
    expect((await h.caller(user.token).users.me()).handle).toBe(handle);
    // Its own handle again: no change, no error.
    expect((await h.caller(user.token).users.updateMe({ handle })).handle).toBe(handle);
    const next = await h.user({ handle: user.handle });
    expect(next.handle).toBe(user.handle);
  });

  it('answers 400 naming handle when it is taken (any case) or malformed, and changes nothing', async () => {
    const [owner, user] = [await h.user(), await h.user()];
    const res = await h.request('PATCH', '/users/me', {
      token: user.token,
      body: { handle: owner.handle.toUpperCase(), firstName: 'Not' },
    });
    expectApiError(res, 400, 'BAD_REQUEST', 'handle is taken');
    expect(res.body.issues).toEqual(TAKEN);
    await expectTrpcError(
      h.caller(user.token).users.updateMe({ handle: owner.handle }),
      'BAD_REQUEST',
      'handle is taken',
    );
    const malformed = await h.request('PATCH', '/users/me', { token: user.token, body: { handle: 'no way' } });
    expectApiError(malformed, 400, 'BAD_REQUEST', /^handle must be 3 to 30/);
    expect((await h.caller(user.token).users.me()).firstName).toBe(user.firstName);
    expect((await h.caller(user.token).users.me()).handle).toBe(user.handle);
  });
});

describe('GET /users/by-handle/{handle}', () => {
  it('answers the profile GET /users/{id} answers, whatever the letter case', async () => {
    const [owner, reader] = [await h.user(), await h.user()];
    await h.caller(owner.token).posts.create({ title: 't', content: 'c' });
    await h.caller(reader.token).users.follow({ id: owner.id });
    const byId = await h.request('GET', `/users/${owner.id}`, { token: reader.token });
    const byHandle = await h.request('GET', `/users/by-handle/${owner.handle.toUpperCase()}`, { token: reader.token });
    expect(byHandle.status, byHandle.text).toBe(200);
    expect(byHandle.body).toEqual(byId.body);
    expect(byHandle.body).toMatchObject({ ...summary(owner), followerCount: 1 });
    expect(await h.caller(reader.token).users.byHandle({ handle: owner.handle })).toEqual(byId.body);
    expect(
      (
        await h.request(
          'GET',
          `/trpc/users.byHandle?input=${encodeURIComponent(JSON.stringify({ handle: owner.handle }))}`,
          { token: reader.token },
        )
      ).body.result.data,
    ).toEqual(byId.body);
  });

  it('answers 404 for a handle nobody has, 400 for a malformed one, 401 without a token', async () => {
    const reader = await h.user();
    expectApiError(
      await h.request('GET', '/users/by-handle/nobody_has_this', { token: reader.token }),
      404,
      'NOT_FOUND',
    );
    await expectTrpcError(h.caller(reader.token).users.byHandle({ handle: 'nobody_has_this' }), 'NOT_FOUND');
    const malformed = await h.request('GET', '/users/by-handle/a-b', { token: reader.token });
    expectApiError(malformed, 400, 'BAD_REQUEST', /^handle must/);
    expect(malformed.body.issues.map((issue: { path: string }) => issue.path)).toEqual(['handle']);
    expectApiError(await h.request('GET', `/users/by-handle/${reader.handle}`), 401, 'UNAUTHORIZED');
  });

  it('a fixed word as a handle is a handle: /users/by-handle/posts is the user @posts', async () => {
    const [posts, reader] = [await h.user({ handle: 'posts' }), await h.user()];
    const res = await h.request('GET', '/users/by-handle/posts', { token: reader.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.id).toBe(posts.id);
  });

  it('is 404 across a block, either way, as GET /users/{id} is; a mute changes nothing', async () => {
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    await h.caller(a.token).users.block({ id: b.id });
    for (const [reader, other] of [
      [a, b],
      [b, a],
    ] as [TestUser, TestUser][]) {
      expectApiError(
        await h.request('GET', `/users/by-handle/${other.handle}`, { token: reader.token }),
        404,
        'NOT_FOUND',
      );
      await expectTrpcError(h.caller(reader.token).users.byHandle({ handle: other.handle }), 'NOT_FOUND');
    }
    await h.caller(c.token).users.mute({ id: a.id });
    const muted = await h.request('GET', `/users/by-handle/${a.handle}`, { token: c.token });
    expect(muted.status).toBe(200);
    expect(muted.body.id).toBe(a.id);
  });
});

describe('UserSummary', () => {
  it('carries the handle wherever a user is shown: authors, likers, lists', async () => {
    const [author, fan] = [await h.user(), await h.user()];
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    await h.caller(fan.token).posts.like({ id: post.id });
    const read = await h.request('GET', `/posts/${post.id}`, { token: fan.token });
    expect(read.body.createdBy).toEqual(summary(author));
    expect(read.body.likedBy).toEqual([summary(fan)]);
    const users = await h.request('GET', `/users?limit=100`, { token: fan.token });
    expect(users.body).toContainEqual(summary(author));
  });
});

describe('GET /posts?q=@handle', () => {
  it("is that user's posts, not a search of the word: any letter case, paged or whole, on every transport", async () => {
    const [author, other, reader] = [await h.user(), await h.user(), await h.user()];
    const own = [];
    for (let i = 0; i < 3; i++) own.push(await h.caller(author.token).posts.create({ title: `t${i}`, content: 'c' }));
    // Another's post that has the handle as a word (and as a mention) is no match.
    await h.caller(other.token).posts.create({ title: author.handle, content: `@${author.handle} ${author.handle}` });
    const ids = own.map((post) => post.id).reverse();
    const q = encodeURIComponent(`@${author.handle.toUpperCase()}`);
    const whole = await h.request('GET', `/posts?q=${q}`, { token: reader.token });
    expect(whole.status, whole.text).toBe(200);
    expect(whole.body.map((post: { id: number }) => post.id)).toEqual(ids);
    const page = await h.request('GET', `/posts?q=${q}&limit=2`, { token: reader.token });
    expect(page.body.map((post: { id: number }) => post.id)).toEqual(ids.slice(0, 2));
    const next = await h.request('GET', `/posts?q=${q}&limit=2&before=${ids[1]}`, { token: reader.token });
    expect(next.body.map((post: { id: number }) => post.id)).toEqual(ids.slice(2));
    expect((await h.caller(reader.token).posts.list({ q: `@${author.handle}` })).map((post) => post.id)).toEqual(ids);
    expect(
      (await h.caller(reader.token).posts.list({ q: ` @${author.handle} `, limit: 1 })).map((post) => post.id),
    ).toEqual(ids.slice(0, 1));
    // A word and a handle together is a search: the full-text search drops the @.
    const search = await h.caller(reader.token).posts.list({ q: `@${author.handle} ${author.handle}` });
    expect(search.map((post) => post.createdBy.id)).toEqual([other.id]);
  });

  it('is empty for a handle nobody has; a block hides the user, a mute does not (a direct read of one author)', async () => {
    const [author, blocker, muter] = [await h.user(), await h.user(), await h.user()];
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    expect(await h.caller(blocker.token).posts.list({ q: '@nobody_at_all' })).toEqual([]);
    expect((await h.request('GET', '/posts?q=%40nobody_at_all&limit=5', { token: blocker.token })).body).toEqual([]);
    await h.caller(blocker.token).users.block({ id: author.id });
    await h.caller(muter.token).users.mute({ id: author.id });
    expect(await h.caller(blocker.token).posts.list({ q: `@${author.handle}` })).toEqual([]);
    expect((await h.request('GET', `/posts?q=@${author.handle}&limit=5`, { token: blocker.token })).body).toEqual([]);
    expect(await h.caller(author.token).posts.list({ q: `@${blocker.handle}` })).toEqual([]);
    expect((await h.caller(muter.token).posts.list({ q: `@${author.handle}` })).map((p) => p.id)).toEqual([post.id]);
    expect(
      (await h.request('GET', `/posts?q=@${author.handle}`, { token: muter.token })).body.map(
        (p: { id: number }) => p.id,
      ),
    ).toEqual([post.id]);
  });
});

describe('a handle is ASCII as given', () => {
  it('a character Unicode lower-cases into a-z (the Kelvin sign) makes no handle: 400 naming handle at signup, PATCH /users/me and GET /users/by-handle; q=@ and a mention find nobody', async () => {
    const [owner, reader] = [await h.user({ handle: fresh('kelvin') }), await h.user()];
    const lookalike = owner.handle.replace('k', '\u212A');
    expect(lookalike.toLowerCase()).toBe(owner.handle);
    const malformed = /^handle must be 3 to 30 characters of a-z, 0-9 and _/;
    const paths = (res: { body: { issues: { path: string }[] } }) => res.body.issues.map((issue) => issue.path);
    const signup = await h.request('POST', '/auth/signup', { body: signupBody('Kay', 'Elvin', fresh('\u212Aay')) });
    expectApiError(signup, 400, 'BAD_REQUEST', malformed);
    expect(paths(signup)).toEqual(['handle']);
    const registered = await h.request('POST', '/auth/register/', {
      body: registerBody('Kay Elvin', fresh('\u212Aay')),
    });
    expectApiError(registered, 400, 'BAD_REQUEST', malformed);
    await expectTrpcError(
      h.caller().auth.signup(signupBody('Kay', 'Elvin', fresh('\u212Aay'))),
      'BAD_REQUEST',
      malformed,
    );
    const patched = await h.request('PATCH', '/users/me', { token: reader.token, body: { handle: fresh('\u212Aay') } });
    expectApiError(patched, 400, 'BAD_REQUEST', malformed);
    expect(paths(patched)).toEqual(['handle']);
    await expectTrpcError(
      h.caller(reader.token).users.updateMe({ handle: fresh('\u212Aay') }),
      'BAD_REQUEST',
      malformed,
    );
    expect((await h.caller(reader.token).users.me()).handle).toBe(reader.handle);
    const byHandle = await h.request('GET', `/users/by-handle/${encodeURIComponent(lookalike)}`, {
      token: reader.token,
    });
    expectApiError(byHandle, 400, 'BAD_REQUEST', malformed);
    expect(paths(byHandle)).toEqual(['handle']);
    await expectTrpcError(h.caller(reader.token).users.byHandle({ handle: lookalike }), 'BAD_REQUEST', malformed);
    await h.caller(owner.token).posts.create({ title: 't', content: 'c' });
    expect(await h.caller(reader.token).posts.list({ q: `@${lookalike}` })).toEqual([]);
    const q = encodeURIComponent(`@${lookalike}`);
    expect((await h.request('GET', `/posts?q=${q}&limit=5`, { token: reader.token })).body).toEqual([]);
    const mentioning = await h.caller(reader.token).posts.create({ title: 't', content: `hello @${lookalike}` });
    expect(mentioning.mentions).toEqual([]);
  });
});
