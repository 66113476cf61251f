import { beforeAll, describe, expect, it } from 'vitest';
import { tagsOf } from '../../../src/posts/tags.js';
import { TAG_FOLLOWS_MAX } from '../../../src/posts/tags.queries.js';
import { writeKindOf } from '../../../src/auth/write-limits.js';
import { expectApiError, expectTrpcError, MISSING_ID } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  [author, reader] = await Promise.all([h.user(), h.user()]);
});

const post = (user: TestUser, title: string, content = 'text') => h.caller(user.token).posts.create({ title, content });

/** The ids of GET `path`'s answer, asked over HTTP by `user` (200 expected). */
const idsAt = async (user: TestUser, path: string) => {
  const res = await h.request('GET', path, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }[]).map((p) => p.id);
};

describe('tags of a text', () => {
  it('are # then a Unicode letter, then letters, digits or _, NFC and lower-cased, in order of first appearance', () => {
    expect(tagsOf('#Rust and #type_script2 #Rust', '#ÉTÉ #日本語 #naïve')).toEqual([
      'rust',
      'type_script2',
      'été',
      '日本語',
      'naïve',
    ]);
    // Decomposed (NFD) text is the same tag as composed.
    expect(tagsOf('#cafe\u0301')).toEqual(['café']);
    expect(tagsOf('#Café #CAFÉ')).toEqual(['café']);
    // A tag ends where a character other than a letter, digit or _ starts.
    expect(tagsOf('#foo-bar #baz. (#qux)')).toEqual(['foo', 'baz', 'qux']);
  });

  it('start only at the start or after a character that is not a letter, digit, _, /, ), # or &', () => {
    expect(tagsOf('https://x/#a')).toEqual([]);
    expect(tagsOf('https://x.org/page#section')).toEqual([]);
    expect(tagsOf('a#b c_#d (x)#e ##f &#39; /#g')).toEqual([]);
    expect(tagsOf('#1st #_x # #')).toEqual([]); // not a letter first
    expect(tagsOf('#a\n#b,#c;#d "#e"')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('are at most 50 characters (a longer word is no tag), and the first 10 distinct count', () => {
    expect(tagsOf(`#${'x'.repeat(50)} #${'y'.repeat(51)}`)).toEqual(['x'.repeat(50)]);
    expect(tagsOf(`#${'日'.repeat(50)}`)).toEqual(['日'.repeat(50)]);
    const twelve = Array.from({ length: 12 }, (_, i) => `#t${String.fromCharCode(97 + i)}`);
    expect(tagsOf(twelve.slice(0, 4).join(' '), twelve.join(' '))).toEqual(
      twelve.slice(0, 10).map((tag) => tag.slice(1)),
    );
  });
});

describe('Post.tags', () => {
  it('are written with the post, shown on every read, and re-derived by an edit', async () => {
    const created = await post(author, 'About #Rust', 'and #WASM, #rust again');
    expect(created.tags).toEqual(['rust', 'wasm']);
    const res = await h.request('GET', `/posts/${created.id}`, { token: reader.token });
    expect(res.body.tags).toEqual(['rust', 'wasm']);
    expect((await post(author, 'no tags here')).tags).toEqual([]);

    const edited = await h.request('PATCH', `/posts/${created.id}`, {
      token: author.token,
      body: { title: 'About #Go', content: 'and #wasm' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.tags).toEqual(['go', 'wasm']);
    expect(await idsAt(reader, '/tags/rust/posts')).not.toContain(created.id);
    expect(await idsAt(reader, '/tags/go/posts')).toContain(created.id);
    expect(await idsAt(reader, '/tags/wasm/posts')).toContain(created.id);

    // An edit with images takes the other statement: the tags follow there too.
    const withMedia = await h
      .caller(author.token)
      .posts.update({ id: created.id, title: 'x', content: '#zig', mediaIds: [] });
    expect(withMedia.tags).toEqual(['zig']);
    expect(await idsAt(reader, '/tags/go/posts')).not.toContain(created.id);
    expect(await idsAt(reader, '/tags/zig/posts')).toEqual([created.id]);
  });

  it('a tag spelled null is a tag like any other', async () => {
    const created = await post(author, '#null #NULL', '#Null');
    expect(created.tags).toEqual(['null']);
    const edited = await h.caller(author.token).posts.update({ id: created.id, title: '#null', content: '#default' });
    expect(edited.tags).toEqual(['null', 'default']);
    expect(await idsAt(reader, '/tags/null/posts')).toEqual([created.id]);
  });
});

describe('GET /tags/{tag}/posts', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const title of ['#Kotlin one', 'two #kotlin', 'three #KOTLIN #java']) ids.push((await post(author, title)).id);
    await post(author, 'kotlin without the hash');
  });

  it('lists the tagged posts newest first, paged, and unpaged as a stream equal to the procedure', async () => {
    const newest = [...ids].reverse();
    expect(await idsAt(reader, '/tags/kotlin/posts')).toEqual(newest);
    expect(await idsAt(reader, '/tags/kotlin/posts?limit=2')).toEqual(newest.slice(0, 2));
    expect(await idsAt(reader, `/tags/kotlin/posts?limit=2&before=${newest[1]}`)).toEqual(newest.slice(2));
    expect(await idsAt(reader, `/tags/kotlin/posts?before=${newest[0]}`)).toEqual(newest.slice(1));
    const rest = await h.request('GET', '/tags/kotlin/posts', { token: reader.token });
    expect(rest.text).toBe(JSON.stringify(await h.caller(reader.token).tags.posts({ tag: 'kotlin' })));
    const page = await h.caller(reader.token).tags.posts({ tag: 'kotlin', limit: 1 });
    expect(page.map((p) => p.id)).toEqual([newest[0]]);
    expect(await idsAt(reader, '/tags/nothing_here/posts')).toEqual([]);
  });

  it('normalises {tag} as a post does: a leading # (%23), any case, NFC', async () => {
    expect(await idsAt(reader, '/tags/%23KOTLIN/posts')).toEqual([...ids].reverse());
    expect(await idsAt(reader, '/tags/Kotlin/posts?limit=5')).toEqual([...ids].reverse());
    const cafe = await post(author, '#café');
    expect(await idsAt(reader, `/tags/${encodeURIComponent('CAFE\u0301')}/posts`)).toEqual([cafe.id]);
    expect((await h.caller(reader.token).tags.posts({ tag: '#CAFÉ' })).map((p) => p.id)).toEqual([cafe.id]);
  });

  it('answers 400 naming tag for an invalid tag, and 400 for a before naming no post', async () => {
    for (const bad of ['1abc', 'a-b', '%23', `${'x'.repeat(51)}`, '%20', '_x']) {
      for (const page of ['', '?limit=5']) {
        const res = await h.request('GET', `/tags/${bad}/posts${page}`, { token: reader.token });
        expectApiError(res, 400, 'BAD_REQUEST');
        expect(res.body.issues?.[0]?.path, res.text).toBe('tag');
      }
    }
    await expectTrpcError(h.caller(reader.token).tags.posts({ tag: 'a b' }), 'BAD_REQUEST');
    expectApiError(
      await h.request('GET', `/tags/kotlin/posts?limit=5&before=${MISSING_ID}`, { token: reader.token }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await h.request('GET', '/tags/kotlin/posts'), 401, 'UNAUTHORIZED');
  });

  it('GET /posts?q=#tag is the tag lookup (the same rows), not words of the search', async () => {
    const newest = [...ids].reverse();
    expect(await idsAt(reader, `/posts?q=${encodeURIComponent('#kotlin')}`)).toEqual(newest);
    expect(await idsAt(reader, `/posts?q=${encodeURIComponent(' #Kotlin ')}&limit=2`)).toEqual(newest.slice(0, 2));
    expect(
      (await h.caller(reader.token).posts.list({ q: '#kotlin', limit: 1, before: newest[0] })).map((p) => p.id),
    ).toEqual([newest[1]]);
    // The search itself finds the post without the hash too.
    expect((await idsAt(reader, '/posts?q=kotlin')).length).toBe(4);
  });

  it('leaves out posts across a block (either way) and by muted authors; a deleted post or account leaves the list', async () => {
    const [other, blocker, muted] = await Promise.all([h.user(), h.user(), h.user()]);
    const otherPost = (await post(other, '#scala by other')).id;
    const blockerPost = (await post(blocker, '#scala by blocker')).id;
    const mutedPost = (await post(muted, '#scala by muted')).id;
    const readerPost = (await post(reader, '#scala by reader')).id;
    expect(await idsAt(reader, '/tags/scala/posts')).toEqual([readerPost, mutedPost, blockerPost, otherPost]);

    await h.caller(blocker.token).users.block({ id: reader.id });
    await h.caller(reader.token).users.mute({ id: muted.id });
    for (const path of ['/tags/scala/posts', '/tags/scala/posts?limit=10', `/posts?q=${encodeURIComponent('#scala')}`])
      expect(await idsAt(reader, path)).toEqual([readerPost, otherPost]);
    expect((await h.caller(reader.token).tags.posts({ tag: 'scala' })).map((p) => p.id)).toEqual([
      readerPost,
      otherPost,
    ]);
    // The blocker does not see the reader's post either; a muter's mute is theirs alone.
    expect(await idsAt(blocker, '/tags/scala/posts')).toEqual([mutedPost, blockerPost, otherPost]);
    // A cursor naming a post across the block names nothing.
    expectApiError(
      await h.request('GET', `/tags/scala/posts?limit=5&before=${blockerPost}`, { token: reader.token }),
      400,
      'BAD_REQUEST',
    );

    await h.caller(other.token).posts.delete({ id: otherPost });
    await h.caller(muted.token).users.deleteMe({ password: PASSWORD });
    await h
      .caller(reader.token)
      .users.unmute({ id: muted.id })
      .catch(() => undefined);
    expect(await idsAt(blocker, '/tags/scala/posts')).toEqual([blockerPost]);
    const [{ n }] = await h.orm.em
      .fork()
      .execute<[{ n: number }]>(`select count(*)::int as n from post_tags where tag = 'scala'`);
    expect(n).toBe(2);
  });
});

describe('following tags', () => {
  it('follows and unfollows a tag: 201 { name } and 204, twice a 400, normalised as a post does', async () => {
    const user = await h.user();
    const follow = await h.request('POST', '/tags/%23Elixir/follow', { token: user.token });
    expect(follow.status, follow.text).toBe(201);
    expect(follow.body).toEqual({ name: 'elixir' });
    expectApiError(
      await h.request('POST', '/tags/ELIXIR/follow', { token: user.token }),
      400,
      'BAD_REQUEST',
      'Tag already followed',
    );
    await expectTrpcError(h.caller(user.token).tags.follow({ tag: 'elixir' }), 'BAD_REQUEST', 'Tag already followed');
    expect(await h.caller(user.token).tags.follow({ tag: '#Erlang' })).toEqual({ name: 'erlang' });

    const unfollow = await h.request('DELETE', '/tags/elixir/follow', { token: user.token });
    expect(unfollow.status, unfollow.text).toBe(204);
    expectApiError(
      await h.request('DELETE', '/tags/elixir/follow', { token: user.token }),
      400,
      'BAD_REQUEST',
      'Tag not followed',
    );
    await expectTrpcError(h.caller(user.token).tags.unfollow({ tag: 'elixir' }), 'BAD_REQUEST', 'Tag not followed');
    await expect(h.caller(user.token).tags.unfollow({ tag: 'ERLANG' })).resolves.toBeUndefined();

    const invalid = await h.request('POST', '/tags/9lives/follow', { token: user.token });
    expectApiError(invalid, 400, 'BAD_REQUEST');
    expect(invalid.body.issues[0].path).toBe('tag');
    await expectTrpcError(h.caller(user.token).tags.unfollow({ tag: '' }), 'BAD_REQUEST');
    expectApiError(await h.request('POST', '/tags/x/follow'), 401, 'UNAUTHORIZED');
  });

  it('GET /users/me/tags lists { name } newest follow first, paged by tag name, and 400 for a before not followed', async () => {
    const user = await h.user();
    for (const tag of ['alpha', 'beta', 'gamma', 'delta']) {
      await h.caller(user.token).tags.follow({ tag });
      // A follow's time is in milliseconds, ties go by name: each follow in a millisecond of its own.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const names = async (query: string) => {
      const res = await h.request('GET', `/users/me/tags${query}`, { token: user.token });
      expect(res.status, res.text).toBe(200);
      return (res.body as { name: string }[]).map((t) => t.name);
    };
    expect(await names('')).toEqual(['delta', 'gamma', 'beta', 'alpha']);
    expect(await names('?limit=2')).toEqual(['delta', 'gamma']);
    expect(await names('?limit=2&before=gamma')).toEqual(['beta', 'alpha']);
    expect(await names('?before=%23BETA')).toEqual(['alpha']);
    expect(await h.caller(user.token).users.tags({ limit: 1, before: 'delta' })).toEqual([{ name: 'gamma' }]);
    expect(await h.caller(user.token).users.tags()).toEqual(
      ['delta', 'gamma', 'beta', 'alpha'].map((name) => ({ name })),
    );
    expectApiError(
      await h.request('GET', '/users/me/tags?limit=2&before=omega', { token: user.token }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await h.request('GET', '/users/me/tags?before=1x', { token: user.token }), 400, 'BAD_REQUEST');
    expect(await h.caller(reader.token).users.tags()).toEqual([]);

    // Ties in time are broken by name, and the page after one of them goes on from it.
    await h.orm.em.fork().execute(`update tag_follows set created_at = '2026-01-01' where user_id = ${user.id}`);
    expect(await names('')).toEqual(['alpha', 'beta', 'delta', 'gamma']);
    expect(await names('?limit=2&before=beta')).toEqual(['delta', 'gamma']);
  });

  it(`bounds how many tags one user follows (${TAG_FOLLOWS_MAX}), even when follows race`, async () => {
    const user = await h.user();
    await h.orm.em
      .fork()
      .execute(
        `insert into tag_follows (user_id, tag) select ${user.id}, 't' || i from generate_series(1, ${TAG_FOLLOWS_MAX - 3}) i`,
      );
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => h.caller(user.token).tags.follow({ tag: `race${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expectApiError(
      await h.request('POST', '/tags/onemore/follow', { token: user.token }),
      400,
      'BAD_REQUEST',
      `You may follow at most ${TAG_FOLLOWS_MAX} tags`,
    );
    // Already followed reads as such even at the bound.
    await expectTrpcError(h.caller(user.token).tags.follow({ tag: 't1' }), 'BAD_REQUEST', 'Tag already followed');
    await h.caller(user.token).tags.unfollow({ tag: 't1' });
    expect(await h.caller(user.token).tags.follow({ tag: 'onemore' })).toEqual({ name: 'onemore' });
  });

  it('an account that follows tags can be deleted, its follows with it', async () => {
    const user = await h.user();
    for (const tag of ['one', 'two']) await h.caller(user.token).tags.follow({ tag });
    await h.caller(user.token).users.deleteMe({ password: PASSWORD });
    const [{ n }] = await h.orm.em
      .fork()
      .execute<[{ n: number }]>(`select count(*)::int as n from tag_follows where user_id = ${user.id}`);
    expect(n).toBe(0);
  });

  it('counts as a follow for the write limits', () => {
    expect(writeKindOf('tags.follow')).toBe('follows');
    expect(writeKindOf('tags.unfollow')).toBe('follows');
  });
});
