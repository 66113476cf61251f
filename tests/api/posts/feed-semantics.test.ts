import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { CELEBRITY_FOLLOWERS } from '../../../src/posts/newest-post.entity.js';
import { FEED_RANK_MOST, FEED_WALK } from '../../../src/posts/post-lists.queries.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/**
 * The feed is the posts of the users the reader follows now, whichever way a page is found (a
 * reader of a few users ranks them by bound; a reader of more than FEED_RANK_MOST whose posts share
 * one minute walks the newest posts, and ranks them all when that walk comes up short, see
 * feedPage), and whatever bound a follow carries (an author's, or 'infinity' for an author of
 * CELEBRITY_FOLLOWERS followers): a follow adds an author's posts to the next page, an unfollow takes them off it, a
 * deleted post or account is gone from it, and a post shows in its followers' feeds as soon as
 * its write has answered. Over REST (a page, a `before` page and the unpaged stream) and
 * createCaller alike.
 */
const h = useHarness();

beforeAll(async () => {
  // Users with a post each, all at one instant older than any post a test writes, for a reader to
  // follow in bulk: more than FEED_RANK_MOST authors bounded by the same minute.
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'feed-filler-' || g || '@example.com', 'x', 'Filler', 'User' from generate_series(1, ${FEED_RANK_MOST + 50}) g`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'filler', 'c', id, now() - interval '1 hour' from users where email like 'feed-filler-%'`,
  );
  // Posts by a user no reader follows, newer than the fillers': a reader of many finds too few of
  // theirs among the newest posts and ranks all its authors bounded above the floor (see feedPage).
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name) values ('feed-noise@example.com', 'x', 'Noise', 'User')`,
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at)
     select 'noise', 'c', u.id, now() - interval '1 minute' from users u cross join generate_series(1, ${FEED_WALK}) g
     where u.email = 'feed-noise@example.com'`,
  );
});

/**
 * Twenty users with one post 3 hours old each, for the ranking tests' readers to follow. Signed up
 * once for the file: a test that has them post deletes what they posted, so each test finds them so.
 */
let others: TestUser[];
beforeAll(async () => {
  others = await Promise.all(Array.from({ length: 20 }, () => h.user()));
  await h.orm.em.getConnection().execute(
    `insert into posts (title, content, author_id, created_at)
     select 'older', 'c', a, now() - interval '3 hours' from unnest(?::int[]) a`,
    [`{${others.map((other) => other.id).join(',')}}`],
  );
});

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

/** The reader follows `authors` in one statement: the follows trigger sets each bound as for a follow over the API. */
async function followAll(reader: TestUser, authors: TestUser[]) {
  await h.orm.em
    .getConnection()
    .execute(`insert into follows (follower_id, followed_id) select ?, a from unnest(?::int[]) a`, [
      reader.id,
      `{${authors.map((author) => author.id).join(',')}}`,
    ]);
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
     * A reader of `author` and the 20 `others`: `author` with a post `authorAge` old, the others
     * with one 3 hours old. The feed ranks authors by their newest post (see feedPage): these
     * tests check that ranking after a delete and after a new post.
     */
    async function ranked(authorAge: string) {
      const reader = await follows[shape](await h.user());
      const author = await h.user();
      const [{ id: authorPost }] = await h.orm.em
        .getConnection()
        .execute<[{ id: number }]>(
          `insert into posts (title, content, author_id, created_at) values ('aged', 'c', ?, now() - ?::interval) returning id`,
          [author.id, authorAge],
        );
      await follow(reader, author);
      await followAll(reader, others);
      return { reader, author, authorPost };
    }

    it('a deleted newest post hands its author’s place back to their next newest', async () => {
      // The others' newest posts go: ranked by those, they would take the whole page from `author`.
      const { reader, authorPost } = await ranked('30 minutes');
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

/** `count` users who follow `author`, written in one statement through the follows trigger. */
async function fans(author: TestUser, count: number) {
  const conn = h.orm.em.getConnection();
  const prefix = `fan-of-${author.id}-`;
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select '${prefix}' || g || '@example.com', 'x', 'Fan', 'User' from generate_series(1, ${count}) g`,
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id) select id, ? from users where email like '${prefix}%'`,
    [author.id],
  );
}

/** The bound `reader`'s follow of `author` carries, and the author's own (newest_posts), as text. */
async function bounds(reader: TestUser, author: TestUser) {
  const [row] = await h.orm.em.getConnection().execute<[{ follow: string; author: string }]>(
    `select f.author_bound::text as follow, n.posted_before::text as author
     from follows f left join newest_posts n on n.author_id = f.followed_id where f.follower_id = ? and f.followed_id = ?`,
    [reader.id, author.id],
  );
  return row;
}

describe.each(Object.entries(transports))(
  'the feed of a reader of an author of many followers, over %s',
  (_t, feed) => {
    it(`an author's first ${CELEBRITY_FOLLOWERS} follows carry their bound, later ones none, and both readers' feeds are exact`, async () => {
      const author = await h.user();
      const other = await h.user();
      const [early, late] = [await h.user(), await h.user()];
      await fans(author, CELEBRITY_FOLLOWERS - 1);
      for (const reader of [early, late]) {
        await follow(reader, author);
        await follow(reader, other);
      }
      expect((await bounds(early, author)).follow).toBe('-infinity');
      expect((await bounds(late, author)).follow).toBe('infinity');

      const [first, between, second] = [
        await post(author, 'first'),
        await post(other, 'between'),
        await post(author, 'second'),
      ];
      const after = await bounds(early, author);
      expect(after.follow).toBe(after.author);
      expect((await bounds(late, author)).follow).toBe('infinity');
      // The post moved the bounded follows (CELEBRITY_FOLLOWERS rows) to its bound; the unbounded one stays.
      const [counted] = await h.orm.em.getConnection().execute<[{ moved: number; unbounded: number }]>(
        `select count(*) filter (where f.author_bound = n.posted_before)::int as moved,
              count(*) filter (where f.author_bound = 'infinity')::int as unbounded
       from follows f join newest_posts n on n.author_id = f.followed_id where f.followed_id = ?`,
        [author.id],
      );
      expect(counted).toEqual({ moved: CELEBRITY_FOLLOWERS, unbounded: 1 });

      for (const reader of [early, late]) {
        expect(await feed(reader, { limit: 20 })).toEqual([second, between, first]);
        expect(await feed(reader, { limit: 20, before: second })).toEqual([between, first]);
        expect(await feed(reader, {})).toEqual([second, between, first]);
      }
      // An unfollow of an unbounded follow takes the author's posts off at once.
      await follow(late, author, false);
      expect(await feed(late, { limit: 20 })).toEqual([between]);
    });

    it('an unbounded follow ranks its author above the floor, however late its post', async () => {
      const author = await h.user();
      await fans(author, CELEBRITY_FOLLOWERS);
      const reader = await follows.few(await h.user());
      await follow(reader, author);
      expect((await bounds(reader, author)).follow).toBe('infinity');
      const id = await post(author, 'an hour ago');
      await h.orm.em
        .getConnection()
        .execute(`update posts set created_at = now() - interval '1 hour' where id = ?`, [id]);
      const authors = await Promise.all(Array.from({ length: 21 }, () => h.user()));
      await followAll(reader, authors);
      const newer: number[] = [];
      for (const user of authors.slice(0, 19)) newer.push(await post(user, 'newer'));
      // Two more followed authors with older posts still: the page's floor leaves them out, never the author.
      await h.orm.em
        .getConnection()
        .execute(
          `insert into posts (title, content, author_id, created_at) select 'old', 'c', a, now() - interval '3 hours' from unnest(?::int[]) a`,
          [
            `{${authors
              .slice(19)
              .map((user) => user.id)
              .join(',')}}`,
          ],
        );
      const page = await feed(reader, { limit: 20 });
      expect(page.slice(0, 19)).toEqual(newer.reverse());
      expect(page[19]).toBe(id);
    });
  },
);

/**
 * A follow and a post that advances its author's bound, written at once: whichever commits first,
 * the follow ends with the new bound. One connection holds its write open while the other's is
 * seen waiting (pg_stat_activity), then commits. The reader follows 20 others whose posts are newer
 * than the author's old bound: a follow left with that bound would drop the author below the page's floor.
 */
describe('a follow racing a post by the same author', () => {
  async function connect() {
    const client = new pg.Client({ connectionString: h.directUrl });
    await client.connect();
    const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
    return { client, pid };
  }

  /** Resolves when `pid` waits on a lock or `statement` has settled (then nothing waited: the test shows what that left). */
  async function waitingOrDone(watcher: pg.Client, pid: number, statement: Promise<unknown>) {
    let settled = false;
    void statement.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let tries = 0; !settled; tries++) {
      if (tries > 12_000) throw new Error(`backend ${pid} neither waited nor finished`);
      await watcher.query('select pg_stat_clear_snapshot()');
      const { rows } = await watcher.query<{ waiting: boolean }>(
        `select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1`,
        [pid],
      );
      if (rows[0]?.waiting) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  const cases = [
    { first: 'post', author: 'silent for hours' },
    { first: 'post', author: 'who never posted' },
    { first: 'follow', author: 'silent for hours' },
    { first: 'follow', author: 'who never posted' },
  ] as const;

  it.each(cases)('the $first written first, by an author $author', async ({ first, author: kind }) => {
    const reader = await h.user();
    const author = await h.user();
    if (kind === 'silent for hours')
      await h.orm.em
        .getConnection()
        .execute(
          `insert into posts (title, content, author_id, created_at) values ('old', 'c', ?, now() - interval '5 hours')`,
          [author.id],
        );
    await followAll(reader, others);

    const [held, racing] = [await connect(), await connect()];
    try {
      const writePost = (client: pg.Client) =>
        client.query<{ id: number }>(
          `insert into posts (title, content, author_id) values ('now', 'c', $1) returning id`,
          [author.id],
        );
      const writeFollow = (client: pg.Client) =>
        client.query('insert into follows (follower_id, followed_id) values ($1, $2)', [reader.id, author.id]);
      await held.client.query('begin');
      const heldWrite = first === 'post' ? writePost(held.client) : writeFollow(held.client);
      await heldWrite;
      const racingWrite = first === 'post' ? writeFollow(racing.client) : writePost(racing.client);
      await waitingOrDone(held.client, racing.pid, racingWrite);
      await held.client.query('commit');
      const results = [await heldWrite, await racingWrite];
      const postId = (results[first === 'post' ? 0 : 1] as pg.QueryResult<{ id: number }>).rows[0]!.id;

      const { follow: followBound, author: authorBound } = await bounds(reader, author);
      expect(new Date(followBound).getTime()).toBeGreaterThanOrEqual(new Date(authorBound).getTime());
      expect((await transports.REST!(reader))[0]).toBe(postId);
    } finally {
      await held.client.query('rollback').catch(() => undefined);
      await Promise.all([held.client.end(), racing.client.end()]);
    }
  });
});
