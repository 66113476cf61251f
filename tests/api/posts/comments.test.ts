import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectTrpcError, ISO_UTC, MISSING_ID, summary } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let author: TestUser; // writes the post
let commenter: TestUser; // writes the comments
let fan: TestUser; // likes them

beforeAll(async () => {
  author = await h.user({ firstName: 'Ada' });
  commenter = await h.user({ firstName: 'Cy' });
  fan = await h.user({ firstName: 'Fay' });
});

async function newComment(content = 'a comment') {
  const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
  const comment = await h.caller(commenter.token).posts.comment({ id: post.id, content });
  return { post, comment };
}

describe('POST /comments/{id}/like and DELETE /comments/{id}/like', () => {
  it('like answers 200 with the Comment listing the caller; unlike answers 200 without', async () => {
    const { comment } = await newComment();
    const liked = await h.request('POST', `/comments/${comment.id}/like`, { token: fan.token });
    expect(liked.status, liked.text).toBe(200);
    expect(liked.body).toEqual({
      id: comment.id,
      content: 'a comment',
      createdAt: expect.stringMatching(ISO_UTC),
      createdBy: summary(commenter),
      likedBy: [summary(fan)],
      likeCount: 1,
      likedByMe: true,
      mentions: [],
    });
    const unliked = await h.request('DELETE', `/comments/${comment.id}/like`, { token: fan.token });
    expect(unliked.status).toBe(200);
    expect(unliked.body).toEqual({ ...liked.body, likedBy: [], likeCount: 0, likedByMe: false });
  });

  it('the like shows on the post and the liker stays listed once', async () => {
    const { post, comment } = await newComment();
    await h.request('POST', `/comments/${comment.id}/like`, { token: fan.token });
    const again = await h.request('POST', `/comments/${comment.id}/like`, { token: fan.token });
    expectApiError(again, 400, 'BAD_REQUEST', 'Comment already liked');
    const read = await h.caller(author.token).posts.get({ id: post.id });
    expect(read.comments[0]!.likedBy).toEqual([summary(fan)]);
  });

  it('unliking a comment not liked answers 400', async () => {
    const { comment } = await newComment();
    expectApiError(
      await h.request('DELETE', `/comments/${comment.id}/like`, { token: fan.token }),
      400,
      'BAD_REQUEST',
      'Comment not liked',
    );
  });

  it.each(['POST', 'DELETE'])(
    '%s answers 400 Invalid ID, 404 for a missing comment, 401 without a token',
    async (method) => {
      expectApiError(
        await h.request(method, '/comments/abc/like', { token: fan.token }),
        400,
        'BAD_REQUEST',
        /^Invalid ID$/,
      );
      expectApiError(
        await h.request(method, `/comments/${MISSING_ID}/like`, { token: fan.token }),
        404,
        'NOT_FOUND',
        'Comment not found',
      );
      expectApiError(await h.request(method, '/comments/1/like'), 401, 'UNAUTHORIZED');
    },
  );

  it('works as procedures, with the same errors', async () => {
    const { comment } = await newComment();
    const caller = h.caller(fan.token);
    expect((await caller.comments.like({ id: comment.id })).likedBy).toEqual([summary(fan)]);
    await expectTrpcError(caller.comments.like({ id: comment.id }), 'BAD_REQUEST', 'Comment already liked');
    expect((await caller.comments.unlike({ id: comment.id })).likedBy).toEqual([]);
    await expectTrpcError(caller.comments.unlike({ id: comment.id }), 'BAD_REQUEST', 'Comment not liked');
    await expectTrpcError(caller.comments.like({ id: MISSING_ID }), 'NOT_FOUND');
    await expectTrpcError(caller.comments.unlike({ id: MISSING_ID }), 'NOT_FOUND');
    await expectTrpcError(caller.comments.like({ id: 0 }), 'BAD_REQUEST', 'Invalid ID');
  });
});

describe('PATCH /comments/{id}', () => {
  it('answers 200 with the edited Comment, likes kept', async () => {
    const { comment } = await newComment();
    await h.caller(fan.token).comments.like({ id: comment.id });
    const res = await h.request('PATCH', `/comments/${comment.id}`, {
      token: commenter.token,
      body: { content: ' edited ' },
    });
    expect(res.status, res.text).toBe(200);
    // The commenter reads it: the fan's like is counted, and is not the reader's own.
    expect(res.body).toEqual({ ...comment, content: 'edited', likedBy: [summary(fan)], likeCount: 1 });
  });

  it('answers 403 to anyone but the author (the post author too), and changes nothing', async () => {
    const { comment } = await newComment();
    for (const user of [author, fan]) {
      expectApiError(
        await h.request('PATCH', `/comments/${comment.id}`, { token: user.token, body: { content: 'x' } }),
        403,
        'FORBIDDEN',
      );
    }
    expect((await h.caller(fan.token).comments.like({ id: comment.id })).content).toBe('a comment');
  });

  it.each([
    ['no body', undefined],
    ['content missing', {}],
    ['blank content', { content: '  ' }],
    ['content over 5,000 characters', { content: 'x'.repeat(5_001) }],
    ['content not a string', { content: 5 }],
  ])('answers 400 when %s', async (_name, body) => {
    const { comment } = await newComment();
    expectApiError(
      await h.request('PATCH', `/comments/${comment.id}`, { token: commenter.token, body }),
      400,
      'BAD_REQUEST',
    );
  });

  it('answers 400 Invalid ID, 404 for a missing comment, 401 without a token', async () => {
    const body = { content: 'x' };
    expectApiError(
      await h.request('PATCH', '/comments/1.5', { token: commenter.token, body }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    expectApiError(
      await h.request('PATCH', `/comments/${MISSING_ID}`, { token: commenter.token, body }),
      404,
      'NOT_FOUND',
    );
    expectApiError(await h.request('PATCH', '/comments/1', { body }), 401, 'UNAUTHORIZED');
  });

  it('works as a procedure', async () => {
    const { comment } = await newComment();
    expect((await h.caller(commenter.token).comments.update({ id: comment.id, content: 'new' })).content).toBe('new');
    await expectTrpcError(h.caller(fan.token).comments.update({ id: comment.id, content: 'x' }), 'FORBIDDEN');
    await expectTrpcError(h.caller(fan.token).comments.update({ id: MISSING_ID, content: 'x' }), 'NOT_FOUND');
    await expectTrpcError(h.caller(commenter.token).comments.update({ id: comment.id, content: '' }), 'BAD_REQUEST');
  });
});

describe('DELETE /comments/{id}', () => {
  it("answers 204 to the comment's author; the comment and its likes are gone", async () => {
    const { post, comment } = await newComment();
    await h.caller(fan.token).comments.like({ id: comment.id });
    const res = await h.request('DELETE', `/comments/${comment.id}`, { token: commenter.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await h.caller(author.token).posts.get({ id: post.id })).comments).toEqual([]);
    const [row] = await h.orm.em
      .getConnection()
      .execute('select count(*)::int as n from comment_likes where comment_id = ?', [comment.id]);
    expect(row!.n).toBe(0);
  });

  it("answers 204 to the post's author (moderation)", async () => {
    const { comment } = await newComment();
    expect((await h.request('DELETE', `/comments/${comment.id}`, { token: author.token })).status).toBe(204);
  });

  it('answers 403 to anyone else, and the comment stays', async () => {
    const { post, comment } = await newComment();
    expectApiError(await h.request('DELETE', `/comments/${comment.id}`, { token: fan.token }), 403, 'FORBIDDEN');
    expect((await h.caller(author.token).posts.get({ id: post.id })).comments).toHaveLength(1);
  });

  it('answers 400 Invalid ID, 404 for a missing comment, 401 without a token', async () => {
    expectApiError(
      await h.request('DELETE', '/comments/-3', { token: author.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    expectApiError(await h.request('DELETE', `/comments/${MISSING_ID}`, { token: author.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('DELETE', '/comments/1'), 401, 'UNAUTHORIZED');
  });

  it('works as a procedure', async () => {
    const { comment } = await newComment();
    await expectTrpcError(h.caller(fan.token).comments.delete({ id: comment.id }), 'FORBIDDEN');
    await expect(h.caller(commenter.token).comments.delete({ id: comment.id })).resolves.toBeUndefined();
    await expectTrpcError(h.caller(commenter.token).comments.delete({ id: comment.id }), 'NOT_FOUND');
  });
});

describe('GET /posts/{id}/comments', () => {
  it('answers 200 with the comments newest first, paged by limit and before', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const written = [];
    for (let i = 0; i < 5; i++)
      written.push(await h.caller(commenter.token).posts.comment({ id: post.id, content: `c${i}` }));
    const newestFirst = written.reverse();
    const all = await h.request('GET', `/posts/${post.id}/comments`, { token: fan.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual(newestFirst);
    const first = await h.request('GET', `/posts/${post.id}/comments?limit=2`, { token: fan.token });
    expect(first.body).toEqual(newestFirst.slice(0, 2));
    const next = await h.request('GET', `/posts/${post.id}/comments?limit=2&before=${first.body[1].id}`, {
      token: fan.token,
    });
    expect(next.body).toEqual(newestFirst.slice(2, 4));
  });

  it('answers [] for a post without comments, 404 for a missing post, 400 for bad input, 401 without a token', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    expect((await h.request('GET', `/posts/${post.id}/comments`, { token: fan.token })).body).toEqual([]);
    expectApiError(
      await h.request('GET', `/posts/${MISSING_ID}/comments`, { token: fan.token }),
      404,
      'NOT_FOUND',
      'Post not found',
    );
    expectApiError(
      await h.request('GET', '/posts/abc/comments', { token: fan.token }),
      400,
      'BAD_REQUEST',
      /^Invalid ID$/,
    );
    for (const query of ['limit=0', 'limit=101', 'before=x', `before=${MISSING_ID}`]) {
      expectApiError(
        await h.request('GET', `/posts/${post.id}/comments?${query}`, { token: fan.token }),
        400,
        'BAD_REQUEST',
      );
    }
    expectApiError(await h.request('GET', `/posts/${post.id}/comments`), 401, 'UNAUTHORIZED');
  });

  it('works as a procedure, one statement per page', async () => {
    const { post, comment } = await newComment();
    const caller = h.caller(fan.token);
    expect(await caller.posts.comments({ id: post.id, limit: 10 })).toEqual([comment]);
    await expectTrpcError(caller.posts.comments({ id: MISSING_ID }), 'NOT_FOUND');
    // The session check, then the page.
    expect(await h.countQueries(() => caller.posts.comments({ id: post.id, limit: 10 }))).toBe(2);
  });
});
