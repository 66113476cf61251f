import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  arrayMaxBytes,
  COMMENT_CONTENT_MAX,
  COMMENT_CONTENT_MAX_BYTES,
  COMMENT_MAX_JSON_BYTES,
  POST_CONTENT_MAX_BYTES,
  POST_MAX_JSON_BYTES,
  POST_PAGE_MAX,
  POST_TITLE_MAX_BYTES,
  PREVIEW_ITEMS,
} from '../src/posts/posts.schemas.js';
import { ANSWER_MAX_BYTES } from '../src/trpc/schemas.js';
import { NAME_MAX_BYTES } from '../src/users/user.entity.js';
import { PROFILE_MAX_JSON_BYTES } from '../src/users/users.schemas.js';
import { expectApiError } from './support/fixtures.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * The worst case of every answer built whole: each stored string at its largest (in bytes as JSON:
 * quotes, which JSON doubles), every preview full. The largest Post, a page of them and a profile
 * of them stay under ANSWER_MAX_BYTES, and the bounds the code computes them from hold.
 */
let h: Harness;
let reader: TestUser;
let star: number;

/** An int[] literal: the SQL helper would spread a JavaScript array into a list. */
const pgArray = (values: number[]) => `{${values.join(',')}}`;

/** A string of `bytes` bytes as JSON: quotes, each written as two. */
const quotes = (bytes: number) => '"'.repeat(bytes / 2);

beforeAll(async () => {
  h = await Harness.start();
  reader = await h.user();
  const sql = (text: string, values: unknown[] = []) =>
    h.orm.em.getConnection().execute<{ id: number }[]>(text, values);
  const name = quotes(NAME_MAX_BYTES);
  // The largest ids are not reachable here; the rows are otherwise as large as the limits allow.
  const users: { id: number }[] = await sql(
    `insert into users (email, password_hash, first_name, last_name)
     select 'worst-' || g || '@example.com', 'x', ?, ? from generate_series(1, ?) g returning id`,
    [name, name, PREVIEW_ITEMS + 1],
  );
  const [first, ...likers] = users.map((user) => user.id);
  star = first!;
  const posts: { id: number }[] = await sql(
    `insert into posts (title, content, author_id) select ?, ?, ? from generate_series(1, ?) returning id`,
    [quotes(POST_TITLE_MAX_BYTES), quotes(POST_CONTENT_MAX_BYTES), star, POST_PAGE_MAX],
  );
  const postIds = posts.map((post) => post.id);
  await sql(`insert into post_likes (post_id, user_id) select p, u from unnest(?::int[]) p, unnest(?::int[]) u`, [
    pgArray(postIds),
    pgArray(likers),
  ]);
  const comments: { id: number }[] = await sql(
    `insert into comments (post_id, author_id, content) select p, ?, ? from unnest(?::int[]) p, generate_series(1, ?)
     returning id`,
    [star, quotes(COMMENT_CONTENT_MAX_BYTES), pgArray(postIds), PREVIEW_ITEMS],
  );
  await sql(`insert into comment_likes (comment_id, user_id) select c, u from unnest(?::int[]) c, unnest(?::int[]) u`, [
    pgArray(comments.map((comment) => comment.id)),
    pgArray(likers),
  ]);
  await sql(`insert into follows (follower_id, followed_id) select unnest(?::int[]), ?`, [pgArray(likers), star]);
  await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [star, pgArray(likers)]);
}, 120_000);
afterAll(() => h.close());

describe('the worst case', () => {
  it('a Post at its largest is within POST_MAX_JSON_BYTES, and near it (the data is the worst case)', async () => {
    const page = await h.request('GET', `/posts?limit=1`, { token: reader.token });
    const post = Buffer.byteLength(JSON.stringify(page.body[0]));
    expect(post).toBeLessThanOrEqual(POST_MAX_JSON_BYTES);
    expect(post).toBeGreaterThan(0.97 * POST_MAX_JSON_BYTES);
    const comment = Buffer.byteLength(JSON.stringify(page.body[0].comments[0]));
    expect(comment).toBeLessThanOrEqual(COMMENT_MAX_JSON_BYTES);
    expect(comment).toBeGreaterThan(0.97 * COMMENT_MAX_JSON_BYTES);
  });

  it(`a page of ${POST_PAGE_MAX} of them and a profile holding them are under ANSWER_MAX_BYTES`, async () => {
    const page = await h.request('GET', `/posts?limit=${POST_PAGE_MAX}`, { token: reader.token });
    expect(page.body).toHaveLength(POST_PAGE_MAX);
    const profile = await h.request('GET', `/users/${star}`, { token: reader.token });
    expect(profile.status).toBe(200);
    expect(profile.body.posts).toHaveLength(PREVIEW_ITEMS);
    expect(profile.body.comments).toHaveLength(PREVIEW_ITEMS);
    expect(Buffer.byteLength(profile.text)).toBeLessThanOrEqual(PROFILE_MAX_JSON_BYTES);
    expect(Buffer.byteLength(profile.text)).toBeGreaterThan(0.97 * PROFILE_MAX_JSON_BYTES);
    // The computed bounds, which the docs state, are under the answer's.
    expect(PROFILE_MAX_JSON_BYTES).toBeLessThanOrEqual(ANSWER_MAX_BYTES);
    expect(arrayMaxBytes(POST_PAGE_MAX, POST_MAX_JSON_BYTES)).toBeLessThanOrEqual(ANSWER_MAX_BYTES);
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(arrayMaxBytes(POST_PAGE_MAX, POST_MAX_JSON_BYTES));
    // A page of posts past POST_PAGE_MAX is refused.
    expectApiError(
      await h.request('GET', `/posts?limit=${POST_PAGE_MAX + 1}`, { token: reader.token }),
      400,
      'BAD_REQUEST',
    );
  });

  it('a string over its limit in bytes is a 400 naming the field and the limit, though under it in characters', async () => {
    const post = (await h.caller(reader.token).posts.create({ title: 't', content: 'c' })).id;
    const tooMany = quotes(COMMENT_CONTENT_MAX_BYTES + 2); // 3,751 characters, 7,502 bytes as JSON
    expect(tooMany.length).toBeLessThan(COMMENT_CONTENT_MAX);
    const res = await h.request('POST', `/posts/${post}/comment`, { token: reader.token, body: { content: tooMany } });
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(JSON.stringify(res.body)).toMatch(/content/);
    expect(JSON.stringify(res.body)).toContain(String(COMMENT_CONTENT_MAX_BYTES));
    // 2,500 CJK characters (3 bytes each) fit; 2,501 do not.
    const cjk = (count: number) => '字'.repeat(count);
    expect(
      (await h.request('POST', `/posts/${post}/comment`, { token: reader.token, body: { content: cjk(2_500) } }))
        .status,
    ).toBe(201);
    expectApiError(
      await h.request('POST', `/posts/${post}/comment`, { token: reader.token, body: { content: cjk(2_501) } }),
      400,
      'BAD_REQUEST',
    );
  });
});
