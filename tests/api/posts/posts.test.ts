import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectApiError,
  expectNoSecrets,
  expectTrpcError,
  INVALID_IDS,
  ISO_UTC,
  MISSING_ID,
  summary,
} from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let author: TestUser;
let reader: TestUser;

beforeAll(async () => {
  author = await h.user({ firstName: 'Ada', lastName: 'Author' });
  reader = await h.user({ firstName: 'Rey', lastName: 'Reader' });
});

async function createPost(user = author, body = { title: 'A title', content: 'Some content' }) {
  const res = await h.request('POST', '/posts', { token: user.token, body });
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /posts', () => {
  it('answers 201 with the Post', async () => {
    const res = await h.request('POST', '/posts', {
      token: author.token,
      body: { title: ' Hello ', content: 'World' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Hello',
      content: 'World',
      createdAt: expect.stringMatching(ISO_UTC),
      createdBy: summary(author),
      likedBy: [],
      comments: [],
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
      media: [],
      mentions: [],
      tags: [],
      quoteCount: 0,
      quoteOf: null,
      repostCount: 0,
      repostedByMe: false,
      bookmarkedByMe: false,
    });
    expectNoSecrets(res.text, author.email);
  });

  it('ignores fields it does not know, such as createdBy or id', async () => {
    const res = await h.request('POST', '/posts', {
      token: author.token,
      body: { title: 't', content: 'c', id: 1, createdBy: { id: reader.id }, likedBy: [{ id: reader.id }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.createdBy.id).toBe(author.id);
    expect(res.body.likedBy).toEqual([]);
  });

  it.each([
    ['no body', undefined],
    ['title missing', { content: 'c' }],
    ['content missing', { title: 't' }],
    ['blank title', { title: '   ', content: 'c' }],
    ['title over 200 characters', { title: 'x'.repeat(201), content: 'c' }],
    ['content over 20,000 characters', { title: 't', content: 'x'.repeat(20_001) }],
    ['title not a string', { title: 5, content: 'c' }],
  ])('answers 400 when %s (title and content are required)', async (_name, body) => {
    expectApiError(await h.request('POST', '/posts', { token: author.token, body }), 400, 'BAD_REQUEST');
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('POST', '/posts', { body: { title: 't', content: 'c' } }), 401, 'UNAUTHORIZED');
  });
});

describe('GET /posts', () => {
  it('answers 200 with every post, newest first', async () => {
    const first = await createPost(author, { title: 'first', content: 'c' });
    const second = await createPost(reader, { title: 'second', content: 'c' });
    const res = await h.request('GET', '/posts', { token: reader.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((post: { id: number }) => post.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(res.body.find((post: { id: number }) => post.id === first.id)).toEqual(first);
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('GET', '/posts'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /posts/{id}', () => {
  it('answers 200 with the Post, its likes and comments', async () => {
    const post = await createPost();
    await h.request('POST', `/posts/${post.id}/like`, { token: reader.token });
    await h.request('POST', `/posts/${post.id}/comment`, { token: reader.token, body: { content: 'older' } });
    await h.request('POST', `/posts/${post.id}/comment`, { token: author.token, body: { content: 'newer' } });
    const res = await h.request('GET', `/posts/${post.id}`, { token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ likedBy: [summary(reader)], likeCount: 1, commentCount: 2, likedByMe: true });
    expect(res.body.comments.map((c: { content: string }) => c.content)).toEqual(['newer', 'older']);
    expect(res.body.comments[0]).toEqual({
      id: expect.any(Number),
      content: 'newer',
      createdAt: expect.stringMatching(ISO_UTC),
      createdBy: summary(author),
      likedBy: [],
      likeCount: 0,
      likedByMe: false,
      mentions: [],
    });
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    expectApiError(await h.request('GET', `/posts/${id}`, { token: reader.token }), 400, 'BAD_REQUEST', /^Invalid ID$/);
  });

  it('answers 404 for a post that does not exist', async () => {
    expectApiError(
      await h.request('GET', `/posts/${MISSING_ID}`, { token: reader.token }),
      404,
      'NOT_FOUND',
      'Post not found',
    );
  });

  it('works as a procedure, with the same messages', async () => {
    const post = await createPost();
    await expect(h.caller(reader.token).posts.get({ id: post.id })).resolves.toEqual(post);
    // @ts-expect-error: ids are numbers to typed callers; an untyped one still gets a clear 400
    await expectTrpcError(h.caller(reader.token).posts.get({ id: 'abc' }), 'BAD_REQUEST', /^Invalid ID$/);
    await expectTrpcError(h.caller(reader.token).posts.get({ id: MISSING_ID }), 'NOT_FOUND');
  });
});

describe('PATCH /posts/{id}', () => {
  it('answers 200 with the edited Post', async () => {
    const post = await createPost();
    const res = await h.request('PATCH', `/posts/${post.id}`, {
      token: author.token,
      body: { title: 'New', content: 'Text' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...post, title: 'New', content: 'Text' });
  });

  it.each([
    ['title missing', { content: 'c' }],
    ['content missing', { title: 't' }],
    ['both missing', {}],
    ['blank content', { title: 't', content: ' ' }],
  ])('answers 400 when %s', async (_name, body) => {
    const post = await createPost();
    expectApiError(await h.request('PATCH', `/posts/${post.id}`, { token: author.token, body }), 400, 'BAD_REQUEST');
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    const res = await h.request('PATCH', `/posts/${id}`, { token: author.token, body: { title: 't', content: 'c' } });
    expectApiError(res, 400, 'BAD_REQUEST', /^Invalid ID$/);
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await h.request('PATCH', `/posts/${MISSING_ID}`, {
      token: author.token,
      body: { title: 't', content: 'c' },
    });
    expectApiError(res, 404, 'NOT_FOUND');
  });

  it('answers 403 to anyone but the author, and changes nothing', async () => {
    const post = await createPost();
    const res = await h.request('PATCH', `/posts/${post.id}`, {
      token: reader.token,
      body: { title: 'Hijacked', content: 'x' },
    });
    expectApiError(res, 403, 'FORBIDDEN');
    expect((await h.request('GET', `/posts/${post.id}`, { token: reader.token })).body).toEqual(post);
  });
});

describe('DELETE /posts/{id}', () => {
  it('answers 204 with an empty body, and the post is gone', async () => {
    const post = await createPost();
    const res = await h.request('DELETE', `/posts/${post.id}`, { token: author.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expectApiError(await h.request('GET', `/posts/${post.id}`, { token: author.token }), 404, 'NOT_FOUND');
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    expectApiError(
      await h.request('DELETE', `/posts/${id}`, { token: author.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
  });

  it('answers 404 for a post that does not exist', async () => {
    expectApiError(await h.request('DELETE', `/posts/${MISSING_ID}`, { token: author.token }), 404, 'NOT_FOUND');
  });

  it('answers 403 to anyone but the author, and the post stays', async () => {
    const post = await createPost();
    expectApiError(await h.request('DELETE', `/posts/${post.id}`, { token: reader.token }), 403, 'FORBIDDEN');
    expect((await h.request('GET', `/posts/${post.id}`, { token: reader.token })).status).toBe(200);
  });
});

describe('GET /posts/followed', () => {
  it('answers 200 with posts by followed users only, newest first, not the caller’s own', async () => {
    const me = await h.user();
    const followed = await h.user();
    const stranger = await h.user();
    const older = await createPost(followed, { title: 'older', content: 'c' });
    await createPost(stranger, { title: 'stranger', content: 'c' });
    await createPost(me, { title: 'mine', content: 'c' });
    const newer = await createPost(followed, { title: 'newer', content: 'c' });
    await h.request('POST', `/users/${followed.id}/follow`, { token: me.token });
    const res = await h.request('GET', '/posts/followed', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.map((post: { id: number }) => post.id)).toEqual([newer.id, older.id]);
  });

  it('is a fixed path, never taken for an id', async () => {
    const me = await h.user();
    const res = await h.request('GET', '/posts/followed/', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expectApiError(await h.request('GET', '/posts/followed'), 401, 'UNAUTHORIZED');
  });
});

describe('POST /posts/{id}/like and DELETE /posts/{id}/like', () => {
  it('like answers 200 with the Post listing the caller; unlike answers 200 without', async () => {
    const post = await createPost();
    const liked = await h.request('POST', `/posts/${post.id}/like`, { token: reader.token });
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ ...post, likedBy: [summary(reader)], likeCount: 1, likedByMe: true });
    const unliked = await h.request('DELETE', `/posts/${post.id}/like`, { token: reader.token });
    expect(unliked.status).toBe(200);
    expect(unliked.body).toEqual(post);
  });

  it('a second like answers 400', async () => {
    const post = await createPost();
    await h.request('POST', `/posts/${post.id}/like`, { token: reader.token });
    expectApiError(
      await h.request('POST', `/posts/${post.id}/like`, { token: reader.token }),
      400,
      'BAD_REQUEST',
      'Post already liked',
    );
  });

  it('unliking a post not liked answers 400', async () => {
    const post = await createPost();
    expectApiError(
      await h.request('DELETE', `/posts/${post.id}/like`, { token: reader.token }),
      400,
      'BAD_REQUEST',
      'Post not liked',
    );
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    expectApiError(
      await h.request('POST', `/posts/${id}/like`, { token: reader.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    expectApiError(
      await h.request('DELETE', `/posts/${id}/like`, { token: reader.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
  });

  it('answers 404 for a post that does not exist', async () => {
    expectApiError(await h.request('POST', `/posts/${MISSING_ID}/like`, { token: reader.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('DELETE', `/posts/${MISSING_ID}/like`, { token: reader.token }), 404, 'NOT_FOUND');
  });

  it('eight simultaneous likes by one user: exactly one 200, seven 400, one row', async () => {
    const post = await createPost();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => h.request('POST', `/posts/${post.id}/like`, { token: reader.token })),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const after = await h.request('GET', `/posts/${post.id}`, { token: reader.token });
    expect(after.body.likedBy).toEqual([summary(reader)]);
  });

  it('works as procedures', async () => {
    const post = await createPost();
    const caller = h.caller(reader.token);
    await expect(caller.posts.like({ id: post.id })).resolves.toMatchObject({ likedBy: [summary(reader)] });
    await expectTrpcError(caller.posts.like({ id: post.id }), 'BAD_REQUEST', 'Post already liked');
    await expect(caller.posts.unlike({ id: post.id })).resolves.toMatchObject({ likedBy: [] });
    await expectTrpcError(caller.posts.unlike({ id: post.id }), 'BAD_REQUEST', 'Post not liked');
  });
});

describe('POST /posts/{id}/comment', () => {
  it('answers 201 with the Comment', async () => {
    const post = await createPost();
    const res = await h.request('POST', `/posts/${post.id}/comment`, {
      token: reader.token,
      body: { content: ' Nice! ' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      content: 'Nice!',
      createdAt: expect.stringMatching(ISO_UTC),
      createdBy: summary(reader),
      likedBy: [],
      likeCount: 0,
      likedByMe: false,
      mentions: [],
    });
  });

  it.each([
    ['no body', undefined],
    ['content missing', {}],
    ['blank content', { content: '  ' }],
    ['content over 5,000 characters', { content: 'x'.repeat(5001) }],
    ['content not a string', { content: ['x'] }],
  ])('answers 400 for an invalid request: %s', async (_name, body) => {
    const post = await createPost();
    expectApiError(
      await h.request('POST', `/posts/${post.id}/comment`, { token: reader.token, body }),
      400,
      'BAD_REQUEST',
    );
  });

  it.each(INVALID_IDS)('answers 400 Invalid ID for %s', async (id) => {
    const res = await h.request('POST', `/posts/${id}/comment`, { token: reader.token, body: { content: 'c' } });
    expectApiError(res, 400, 'BAD_REQUEST', /^Invalid ID$/);
  });

  it('answers 404 for a post that does not exist', async () => {
    const res = await h.request('POST', `/posts/${MISSING_ID}/comment`, {
      token: reader.token,
      body: { content: 'c' },
    });
    expectApiError(res, 404, 'NOT_FOUND', 'Post not found');
  });
});

describe('every post path', () => {
  it('accepts a trailing slash', async () => {
    const post = await createPost();
    const t = { token: author.token };
    expect((await h.request('GET', '/posts/', t)).status).toBe(200);
    expect((await h.request('POST', '/posts/', { ...t, body: { title: 't', content: 'c' } })).status).toBe(201);
    expect((await h.request('GET', `/posts/${post.id}/`, t)).status).toBe(200);
    expect((await h.request('PATCH', `/posts/${post.id}/`, { ...t, body: { title: 't', content: 'c' } })).status).toBe(
      200,
    );
    expect((await h.request('POST', `/posts/${post.id}/like/`, t)).status).toBe(200);
    expect((await h.request('DELETE', `/posts/${post.id}/like/`, t)).status).toBe(200);
    expect((await h.request('POST', `/posts/${post.id}/comment/`, { ...t, body: { content: 'c' } })).status).toBe(201);
    expect((await h.request('DELETE', `/posts/${post.id}/`, t)).status).toBe(204);
  });

  it('needs a token', async () => {
    for (const [method, path] of [
      ['GET', '/posts/1'],
      ['PATCH', '/posts/1'],
      ['DELETE', '/posts/1'],
      ['POST', '/posts/1/like'],
      ['DELETE', '/posts/1/like'],
      ['POST', '/posts/1/comment'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { title: 't', content: 'c' };
      expectApiError(await h.request(method, path, { body }), 401, 'UNAUTHORIZED');
    }
  });
});
