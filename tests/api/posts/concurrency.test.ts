import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  author = await h.user();
  fan = await h.user();
});

const N = 8;
const burst = (send: () => Promise<{ status: number }>) => Promise.all(Array.from({ length: N }, send));
const sorted = (responses: { status: number }[]) => responses.map((r) => r.status).sort((a, b) => a - b);
const rows = async (sql: string, params: unknown[]) =>
  Number((await h.orm.em.getConnection().execute<{ n: number }[]>(sql, params))[0]!.n);

describe('concurrent duplicates settle exactly', () => {
  it('deletes of one post or one event: one 204, the rest 404, repeated', async () => {
    for (let round = 0; round < 5; round++) {
      const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
      const event = await h
        .caller(author.token)
        .events.create({ name: 'e', description: '', location: '', dateTime: '2030-01-01T00:00:00Z' });
      for (const path of [`/posts/${post.id}`, `/events/${event.id}`]) {
        const responses = await burst(() => h.request('DELETE', path, { token: author.token }));
        expect(sorted(responses), path).toEqual([204, ...Array(N - 1).fill(404)]);
      }
    }
  });

  it('unlikes: one 200, the rest 400, no row left', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    await h.caller(fan.token).posts.like({ id: post.id });
    const responses = await burst(() => h.request('DELETE', `/posts/${post.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from post_likes where post_id = ?', [post.id])).toBe(0);
  });

  it('comment likes: one 200, the rest 400, one row', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'c' });
    const responses = await burst(() => h.request('POST', `/comments/${comment.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from comment_likes where comment_id = ?', [comment.id])).toBe(1);
  });

  it('comment unlikes: one 200, the rest 400, no row left', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'c' });
    await h.caller(fan.token).comments.like({ id: comment.id });
    const responses = await burst(() => h.request('DELETE', `/comments/${comment.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from comment_likes where comment_id = ?', [comment.id])).toBe(0);
  });

  it('unfollows: one 200, the rest 400, no row left', async () => {
    const target = await h.user();
    await h.caller(fan.token).users.follow({ id: target.id });
    const responses = await burst(() => h.request('DELETE', `/users/${target.id}/follow`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from follows where followed_id = ?', [target.id])).toBe(0);
  });

  it('signups with one email: one 200, the rest 400, one user', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const body = { email, password: PASSWORD, passwordValidation: PASSWORD, firstName: 'R', lastName: 'Ace' };
    const responses = await burst(() => h.request('POST', '/auth/signup', { body }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from users where email = ?', [email])).toBe(1);
  });

  it('edits of one post: all succeed, and the post ends as exactly one of them (never a mix)', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    let i = 0;
    const responses = await burst(() => {
      const n = i++;
      return h.request('PATCH', `/posts/${post.id}`, {
        token: author.token,
        body: { title: `title ${n}`, content: `content ${n}` },
      });
    });
    expect(sorted(responses)).toEqual(Array(N).fill(200));
    const final = await h.caller(author.token).posts.get({ id: post.id });
    expect(final.title.replace('title', 'content')).toBe(final.content);
  });

  it('likes racing a delete of the post: never a 500, nothing left behind', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const likers = await Promise.all(Array.from({ length: 5 }, () => h.user()));
    const responses = await Promise.all([
      ...likers.map((u) => h.request('POST', `/posts/${post.id}/like`, { token: u.token })),
      h.request('DELETE', `/posts/${post.id}`, { token: author.token }),
      ...likers.map((u) => h.request('POST', `/posts/${post.id}/comment`, { token: u.token, body: { content: 'x' } })),
    ]);
    for (const res of responses) expect([200, 201, 204, 404]).toContain(res.status);
    expect(await rows('select count(*)::int as n from post_likes where post_id = ?', [post.id])).toBe(0);
    expect(await rows('select count(*)::int as n from comments where post_id = ?', [post.id])).toBe(0);
  });
});
