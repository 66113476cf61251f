import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_CONTENT_MAX_BYTES,
  COMMENT_MAX_JSON_BYTES,
  POST_CONTENT_MAX_BYTES,
  POST_MAX_JSON_BYTES,
  POST_TITLE_MAX_BYTES,
  PREVIEW_ITEMS,
} from '../../../src/posts/posts.schemas.js';
import { ANSWER_MAX_BYTES } from '../../../src/trpc/schemas.js';
import { POST_TAGS_MAX, TAG_MAX } from '../../../src/posts/share.entity.js';
import { MEDIA_DESCRIPTION_MAX_BYTES } from '../../../src/media/media.entity.js';
import { POST_MEDIA_MAX } from '../../../src/media/media.schemas.js';
import { HANDLE_MAX, MEDIA_URL_MAX, NAME_MAX_BYTES } from '../../../src/users/user.entity.js';
import { PROFILE_MAX_JSON_BYTES } from '../../../src/users/users.schemas.js';
import { expectApiError } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

/**
 * The worst case of every answer built whole: each stored string at its largest (in bytes as JSON:
 * quotes, which JSON doubles), every preview full. The largest Post, a page of them and a profile
 * of them stay under ANSWER_MAX_BYTES, and the bounds the code computes them from hold.
 */
const h = useHarness();
let reader: TestUser;
let star: number;

/** An int[] literal: the SQL helper would spread a JavaScript array into a list. */
const pgArray = (values: number[]) => `{${values.join(',')}}`;

/** More posts at their largest than one answer can hold. */
const WORST_POSTS = 25;

/** A string of `bytes` bytes as JSON: quotes, each written as two. */
const quotes = (bytes: number) => '"'.repeat(bytes / 2);
/** The same, naming someone: a text without an `@` has its mentions skipped (they are read only where one may be). */
const mentioning = (bytes: number) => `@${quotes(bytes).slice(1)}`;

/** A file's URL at its longest: MEDIA_PUBLIC_URL at its 100 characters, the slash added, a key. */
const WORST_URL = `https://${'a'.repeat(92)}/${'k'.repeat(22)}.webp`;

/** A post's images at their largest: four, alt text full, URLs at their longest. */
function worstMedia() {
  expect(WORST_URL).toHaveLength(MEDIA_URL_MAX);
  const url = WORST_URL;
  return Array.from({ length: POST_MEDIA_MAX }, () => ({
    id: 2_147_483_647,
    state: 'ready',
    type: 'image/webp',
    url,
    previewUrl: url,
    width: 2048,
    height: 2048,
    blurhash: 'b'.repeat(28),
    description: quotes(MEDIA_DESCRIPTION_MAX_BYTES),
  }));
}

beforeAll(async () => {
  reader = await h.user();
  const sql = (text: string, values: unknown[] = []) =>
    h.orm.em.getConnection().execute<{ id: number }[]>(text, values);
  const name = quotes(NAME_MAX_BYTES);
  // The largest ids are not reachable here; the rows are otherwise as large as the limits allow.
  const users: { id: number }[] = await sql(
    `insert into users (email, password_hash, first_name, last_name, avatar_url, handle)
     select 'worst-' || g || '@example.com', 'x', ?, ?, ?, lpad(g::text, ${HANDLE_MAX}, 'w') from generate_series(1, ?) g returning id`,
    [name, name, WORST_URL, PREVIEW_ITEMS + 1],
  );
  const [first, ...likers] = users.map((user) => user.id);
  star = first!;
  const posts: { id: number }[] = await sql(
    `insert into posts (title, content, author_id) select ?, ?, ? from generate_series(1, ?) returning id`,
    [quotes(POST_TITLE_MAX_BYTES), mentioning(POST_CONTENT_MAX_BYTES), star, WORST_POSTS],
  );
  const postIds = posts.map((post) => post.id);
  // Every post with its tags at their largest (four bytes a character), each quoting such a post.
  const worstTags = Array.from(
    { length: POST_TAGS_MAX },
    (_, i) => String.fromCodePoint(0x20000).repeat(TAG_MAX - 1) + String.fromCodePoint(0x20001 + i),
  );
  await sql(`update posts set media = ?::json, tags = ?::varchar(50)[], quote_of_id = ? where author_id = ?`, [
    JSON.stringify(worstMedia()),
    `{${worstTags.join(',')}}`,
    posts[0]!.id,
    star,
  ]);
  await sql(`insert into post_likes (post_id, user_id) select p, u from unnest(?::int[]) p, unnest(?::int[]) u`, [
    pgArray(postIds),
    pgArray(likers),
  ]);
  const comments: { id: number }[] = await sql(
    `insert into comments (post_id, author_id, content) select p, ?, ? from unnest(?::int[]) p, generate_series(1, ?)
     returning id`,
    [star, mentioning(COMMENT_CONTENT_MAX_BYTES), pgArray(postIds), PREVIEW_ITEMS],
  );
  await sql(`insert into comment_likes (comment_id, user_id) select c, u from unnest(?::int[]) c, unnest(?::int[]) u`, [
    pgArray(comments.map((comment) => comment.id)),
    pgArray(likers),
  ]);
  // Every post and comment mentions 20 users (MENTIONS_MAX).
  await sql(`insert into post_mentions (post_id, user_id) select p, u from unnest(?::int[]) p, unnest(?::int[]) u`, [
    pgArray(postIds),
    pgArray(likers),
  ]);
  await sql(
    `insert into comment_mentions (comment_id, user_id) select c, u from unnest(?::int[]) c, unnest(?::int[]) u`,
    [pgArray(comments.map((comment) => comment.id)), pgArray(likers)],
  );
  await sql(`insert into follows (follower_id, followed_id) select unnest(?::int[]), ?`, [pgArray(likers), star]);
  await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [star, pgArray(likers)]);
}, 120_000);

const firstPost = () => h.request('GET', `/posts?limit=1`, { token: reader.token });

describe('the worst case', () => {
  it('a Post at its largest is within POST_MAX_JSON_BYTES, and near it (the data is the worst case)', async () => {
    const page = await firstPost();
    const post = Buffer.byteLength(JSON.stringify(page.body[0]));
    expect(post).toBeLessThanOrEqual(POST_MAX_JSON_BYTES);
    expect(post).toBeGreaterThan(0.97 * POST_MAX_JSON_BYTES);
    const comment = Buffer.byteLength(JSON.stringify(page.body[0].comments[0]));
    expect(comment).toBeLessThanOrEqual(COMMENT_MAX_JSON_BYTES);
    expect(comment).toBeGreaterThan(0.97 * COMMENT_MAX_JSON_BYTES);
  });

  it('a page of them stops short of ANSWER_MAX_BYTES, over every transport, and the next goes on', async () => {
    const fit = Math.floor(
      (ANSWER_MAX_BYTES - 1) / (Buffer.byteLength(JSON.stringify((await firstPost()).body[0])) + 1),
    );
    const page = await h.request('GET', `/posts?limit=100`, { token: reader.token });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(fit);
    expect(Buffer.byteLength(page.text)).toBeLessThanOrEqual(ANSWER_MAX_BYTES);
    const next = await h.request('GET', `/posts?limit=100&before=${page.body.at(-1).id}`, { token: reader.token });
    expect(next.body).toHaveLength(WORST_POSTS - fit);
    // The same page by the other statements: a search's, a user's posts, the procedure's.
    const caller = h.caller(reader.token);
    expect(JSON.stringify(await caller.posts.list({ limit: 100 }))).toBe(page.text);
    expect((await caller.users.posts({ id: star, limit: 100 })).length).toBe(fit);
    expect((await caller.posts.list({ q: 'zzz', limit: 100 })).length).toBe(0);
    // Over /trpc, the whole list is refused past ANSWER_MAX_BYTES, naming the paged form.
    await expect(caller.posts.list()).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
  });

  it('a profile holding them is under ANSWER_MAX_BYTES', async () => {
    const profile = await h.request('GET', `/users/${star}`, { token: reader.token });
    expect(profile.status).toBe(200);
    expect(profile.body.posts).toHaveLength(PREVIEW_ITEMS);
    expect(profile.body.comments).toHaveLength(PREVIEW_ITEMS);
    expect(Buffer.byteLength(profile.text)).toBeLessThanOrEqual(PROFILE_MAX_JSON_BYTES);
    expect(Buffer.byteLength(profile.text)).toBeGreaterThan(0.97 * PROFILE_MAX_JSON_BYTES);
    // The computed bound, which the docs state, is under the answer's.
    expect(PROFILE_MAX_JSON_BYTES).toBeLessThanOrEqual(ANSWER_MAX_BYTES);
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
