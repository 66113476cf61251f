import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_WALK, FEED_WALK_FROM } from '../src/posts/posts.queries.js';
import { Harness, PASSWORD, type TestUser } from './support/harness.js';

/**
 * The feed is the posts of the users the reader follows now, whichever way a page is found (a
 * reader of a few users and a reader of FEED_WALK_FROM or more take different paths, see
 * feedPage): a follow adds an author's posts to the next page, an unfollow takes them off it, a
 * deleted post or account is gone from it, and a post shows in its followers' feeds as soon as
 * its write has answered. Over REST (a page, a `before` page and the unpaged stream) and
 * createCaller alike.
 */
let h: Harness;

beforeAll(async () => {
  h = await Harness.start();
  // Users with a post each (older than any post a test writes) for a reader to follow in bulk.
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'feed-filler-' || g || '@example.com', 'x', 'Filler', 'User' from generate_series(1, ${FEED_WALK_FROM + 50}) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'filler', 'c', id, now() - interval '1 hour' from users where email like 'feed-filler-%'`,
  );
  // Posts by a user no reader follows, newer than the fillers': a reader of many finds too few of
  // theirs among the newest posts and ranks its authors by their newest post (see feedPage).
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name) values ('feed-noise@example.com', 'x', 'Noise', 'User')`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'noise', 'c', u.id, now() - interval '1 minute' from users u cross join generate_series(1, ${FEED_WALK}) g
     where u.email = 'feed-noise@example.com'`,
  );
});
afterAll(() => h.close());

type FeedReader = (user: TestUser, page?: { limit?: number; before?: number }) => Promise<number[]>;

const query = (page: { limit?: number; before?: number }) =>
  Object.entries(page)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

const transports: Record<string, FeedReader> = {
  REST: async (user, page = { limit: 20 }) => {
    const res = await h.request<{ id: number }[]>('GET', `/posts/followed?${query(page)}`, { token: user.token });
    expect(res.status).toBe(200);
    return res.body.map((post) => post.id);
  },
  createCaller: async (user, page = { limit: 20 }) =>
    (await h.caller(user.token).posts.followed(page)).map((post) => post.id),
};

const follows = {
  few: (reader: TestUser) => Promise.resolve(reader),
  many: async (reader: TestUser) => {
    await h.orm.em
      .getConnection()
      .execute(
        `insert into follows (follower_id, followed_id) select ?, id from users where email like 'feed-filler-%'`,
        [reader.id],
      );
    return reader;
  },
};

async function post(author: TestUser, title: string): Promise<number> {
  const res = await h.request<{ id: number }>('POST', '/posts', { token: author.token, body: { title, content: 'c' } });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function follow(reader: TestUser, author: TestUser, on = true) {
  const res = await h.request(on ? 'POST' : 'DELETE', `/users/${author.id}/follow`, { token: reader.token });
  expect(res.status).toBeLessThan(300);
}

describe.each(Object.keys(follows) as (keyof typeof follows)[])('the feed of a reader of %s users', (shape) => {
  describe.each(Object.entries(transports))('over %s', (_transport, feed) => {
    /** Every way the reader sees the feed: a page, the page after its first post, the whole of it. */
    async function everyView(reader: TestUser): Promise<number[][]> {
      const page = await feed(reader, { limit: 20 });
      const after = page.length ? await feed(reader, { limit: 20, before: page[0] }) : [];
      return [page, [page[0]!, ...after].filter(Boolean), await feed(reader, {})];
    }

    async function setUp() {
      const reader = await follows[shape](await h.user());
      const author = await h.user();
      const other = await h.user();
      await follow(reader, other);
      const posts = [await post(author, 'first'), await post(other, 'between'), await post(author, 'second')];
      return { reader, author, other, posts };
    }

    it('a follow adds the author’s posts to the next page, an unfollow takes them off', async () => {
      const { reader, author, posts } = await setUp();
      const [first, between, second] = posts as [number, number, number];
      for (const view of await everyView(reader)) expect(view.slice(0, 1)).toEqual([between]);

      await follow(reader, author);
      for (const view of await everyView(reader)) expect(view.slice(0, 3)).toEqual([second, between, first]);
      expect(await feed(reader, { limit: 1, before: second })).toEqual([between]);

      await follow(reader, author, false);
      for (const view of await everyView(reader)) {
        expect(view[0]).toBe(between);
        expect(view).not.toContain(first);
        expect(view).not.toContain(second);
      }
    });

    it('a deleted post and a deleted account’s posts are gone from the next page', async () => {
      const { reader, author, other, posts } = await setUp();
      const [first, between, second] = posts as [number, number, number];
      await follow(reader, author);
      expect(await feed(reader, { limit: 3 })).toEqual([second, between, first]);

      expect((await h.request('DELETE', `/posts/${second}`, { token: author.token })).status).toBe(204);
      for (const view of await everyView(reader)) expect(view.slice(0, 2)).toEqual([between, first]);

      const gone = await h.request('DELETE', '/users/me', { token: other.token, body: { password: PASSWORD } });
      expect(gone.status).toBe(204);
      for (const view of await everyView(reader)) {
        expect(view[0]).toBe(first);
        expect(view).not.toContain(between);
      }
    });

    /**
     * A reader of `author` and 20 other users: `author` with a post `authorAge` old, the others
     * with one 3 hours old. The feed ranks authors by their newest post (see feedPage): these
     * tests check that ranking after a delete and after a new post.
     */
    async function ranked(authorAge: string) {
      const reader = await follows[shape](await h.user());
      const author = await h.user();
      const others = await Promise.all(Array.from({ length: 20 }, () => h.user()));
      const conn = h.orm.em.getConnection();
      const [{ id: authorPost }] = await conn.execute<[{ id: number }]>(
        `insert into posts (title, content, author_id, created_at) values ('aged', 'c', ?, now() - ?::interval) returning id`,
        [author.id, authorAge],
      );
      await conn.execute(
        `insert into posts (title, content, author_id, created_at)
         select 'older', 'c', a, now() - interval '3 hours' from unnest(?::int[]) a`,
        [`{${others.map((other) => other.id).join(',')}}`],
      );
      for (const user of [author, ...others]) await follow(reader, user);
      return { reader, author, others, authorPost };
    }

    it('a deleted newest post hands its author’s place back to their next newest', async () => {
      // The others' newest posts go: ranked by those, they would take the whole page from `author`.
      const { reader, others, authorPost } = await ranked('30 minutes');
      for (const other of others) {
        const id = await post(other, 'soon gone');
        expect((await h.request('DELETE', `/posts/${id}`, { token: other.token })).status).toBe(204);
      }
      for (const view of await everyView(reader)) expect(view[0]).toBe(authorPost);
    });

    it('an author silent for hours who posts is ranked by the new post', async () => {
      const { reader, author } = await ranked('5 hours');
      const id = await post(author, 'back');
      for (const view of await everyView(reader)) expect(view[0]).toBe(id);
    });

    it('reads its writes: a post is on its followers’ next page as soon as its write answered', async () => {
      const { reader, author } = await setUp();
      await follow(reader, author);
      for (let i = 0; i < 3; i++) {
        const id = await post(author, `now ${i}`);
        for (const view of await everyView(reader)) expect(view[0]).toBe(id);
      }
    });
  });
});
