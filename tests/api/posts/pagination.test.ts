import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let reader: TestUser;
const authors: TestUser[] = [];
let starPost: { id: number };
/** Fills the ids of the nested lists' owners into a path template. */
let nested: (path: string) => string;

beforeAll(async () => {
  reader = await h.user();
  for (let i = 0; i < 3; i++) authors.push(await h.user());
  for (let i = 0; i < 4; i++) await h.user(); // enough users for several pages
  for (const author of authors.slice(0, 2)) await h.caller(reader.token).users.follow({ id: author.id });
  const conn = h.orm.em.getConnection();
  for (let i = 0; i < 12; i++) {
    const author = authors[i % 3]!;
    await h.caller(author.token).posts.create({ title: `p${i}`, content: 'c' });
    await h.caller(author.token).events.create({
      name: `e${i}`,
      description: '',
      location: '',
      dateTime: `2030-01-${String(1 + (i % 5)).padStart(2, '0')}T10:00:00Z`,
    });
  }
  // Nested lists: a post with many comments, an author with many posts, followers and followed.
  const star = authors[0]!;
  for (let i = 0; i < 3; i++) await h.caller(star.token).posts.create({ title: `extra${i}`, content: 'c' });
  starPost = await h.caller(star.token).posts.create({ title: 'discussed', content: 'c' });
  const everyone = (await h.caller(reader.token).users.list()).filter((user) => user.id !== star.id);
  for (const user of everyone) {
    await conn.execute('insert into follows (follower_id, followed_id) values (?, ?), (?, ?) on conflict do nothing', [
      user.id,
      star.id,
      star.id,
      user.id,
    ]);
    for (let i = 0; i < 2; i++)
      await h.caller(star.token).posts.comment({ id: starPost.id, content: `c${user.id}.${i}` });
  }
  // Equal timestamps must still page without loss or repeats (ties are broken by id).
  await conn.execute(`update posts set created_at = '2026-01-01T00:00:00Z' where title in ('p3', 'p4', 'p5')`);
  await conn.execute(`update comments set created_at = '2026-01-01T00:00:00Z' where content like '%.1'`);
  nested = (path) => path.replace('{star}', String(star.id)).replace('{post}', String(starPost.id));
});

const lists = [
  ['/posts', () => h.caller(reader.token).posts.list()],
  ['/posts/followed', () => h.caller(reader.token).posts.followed()],
  ['/users', () => h.caller(reader.token).users.list()],
  ['/events', () => h.caller().events.list()],
  ['/posts/{post}/comments', () => h.caller(reader.token).posts.comments({ id: starPost.id })],
  ['/users/{star}/posts', () => h.caller(reader.token).users.posts({ id: authors[0]!.id })],
  ['/users/{star}/followers', () => h.caller(reader.token).users.followers({ id: authors[0]!.id })],
  ['/users/{star}/followed', () => h.caller(reader.token).users.followed({ id: authors[0]!.id })],
] as const;

describe.each(lists)('GET %s with limit and before', (path, everything) => {
  it('pages through exactly the full list, in order', async () => {
    const all = (await everything()) as { id: number }[];
    expect(all.length).toBeGreaterThan(5);
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const query = `?limit=5${before === undefined ? '' : `&before=${before}`}`;
      const res = await h.request('GET', `${nested(path)}${query}`, { token: reader.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.map((item: { id: number }) => item.id));
      if (res.body.length < 5) break;
      before = res.body.at(-1).id;
    }
    expect(seen).toEqual(all.map((item) => item.id));
  });

  it('holds everything without parameters', async () => {
    const res = await h.request('GET', nested(path), { token: reader.token });
    expect(res.body).toEqual(await everything());
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=1.5', 'before=abc', 'before=0', 'before=-1'])(
    'answers 400 for %s',
    async (query) => {
      expectApiError(await h.request('GET', `${nested(path)}?${query}`, { token: reader.token }), 400, 'BAD_REQUEST');
    },
  );
});

describe('pagination', () => {
  it('answers 400 when before names nothing', async () => {
    for (const path of ['/posts', '/posts/followed', '/events', `/posts/${starPost.id}/comments`]) {
      expectApiError(await h.request('GET', `${path}?before=999999999`, { token: reader.token }), 400, 'BAD_REQUEST');
    }
  });

  it('is typed for tRPC and documented in OpenAPI', async () => {
    await expect(h.caller(reader.token).posts.list({ limit: 2 })).resolves.toHaveLength(2);
    const doc = (await h.request('GET', '/openapi.json')).body;
    const names = doc.paths['/posts'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names).toEqual(['query:limit', 'query:before', 'query:q']);
  });

  it('costs a fixed number of statements on any page', async () => {
    const caller = h.caller(reader.token);
    const first = await h.countQueries(() => caller.posts.list({ limit: 3 }));
    const [, , third] = await caller.posts.list({ limit: 3 });
    const later = await h.countQueries(() => caller.posts.list({ limit: 3, before: third!.id }));
    const feed = await h.countQueries(() => caller.posts.followed({ limit: 3, before: third!.id }));
    // One statement, the session check included; an empty page may add the lookup of its cursor.
    expect([first, later]).toEqual([1, 1]);
    expect(feed).toBeLessThanOrEqual(2);
    // Nested lists too: the session check and one statement, on any page.
    const star = authors[0]!.id;
    const [, secondUser] = await caller.users.followers({ id: star, limit: 2 });
    const [, , comment] = await caller.posts.comments({ id: starPost.id, limit: 3 });
    for (const page of [
      () => caller.posts.comments({ id: starPost.id, limit: 3, before: comment!.id }),
      () => caller.users.posts({ id: star, limit: 3, before: third!.id }),
      () => caller.users.followers({ id: star, limit: 3, before: secondUser!.id }),
      () => caller.users.followed({ id: star, limit: 3, before: secondUser!.id }),
    ]) {
      expect(await h.countQueries(page)).toBe(2);
    }
  });
});
