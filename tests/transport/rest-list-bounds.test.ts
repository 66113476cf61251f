import { beforeAll, describe, expect, it } from 'vitest';
import { largeAnswerSlots } from '../../src/trpc/large-answers.js';
import { MISSING_ID } from '../support/fixtures.js';
import { type TestUser, useHarness } from '../support/harness.js';

/**
 * Every unpaged list over REST (users, a user's followers and followed, a post's comments, events)
 * is streamed as the post lists are: the procedures' JSON byte for byte, sent whole without a slot
 * while small, and past that in a large-answer slot (STREAMS_MAX / STREAMS_PER_USER), never built
 * whole in memory however long the list. A list is unpaged when it has no `limit`, from a cursor too.
 */
// The procedures build these lists whole to compare with: over the default cap. A full process
// refuses after STREAMS_WAIT_MS (its wait is large-answer-slots.test.ts's): short here.
const h = useHarness({ TRPC_LIST_MAX_ITEMS: '5000', STREAMS_MAX: '3', STREAMS_PER_USER: '2', STREAMS_WAIT_MS: '10' });
let reader: TestUser;
let hub: TestUser; // followed by and following every bulk user; its post has every bulk comment
let author: TestUser; // of every bulk post, followed by the reader
let blocker: TestUser; // blocks and mutes every bulk user
let hiddenPostId: number; // by a user who blocked the reader
let postId: number;

// Each list below is well over the 256 KiB a list is sent whole up to: users (of long names) by
// their number, the rest by their long texts, in few rows (rendering rows is what costs).
const BULK_USERS = 1_200;
const BULK = 500;
const LONG = 'n'.repeat(95);
const TEXT = 700;

beforeAll(async () => {
  [reader, hub, author, blocker] = [await h.user(), await h.user(), await h.user(), await h.user()];
  postId = (await h.caller(hub.token).posts.create({ title: 'hub', content: 'commented on' })).id;
  await h.caller(reader.token).users.follow({ id: author.id });
  const hider = await h.user();
  hiddenPostId = (await h.caller(hider.token).posts.create({ title: 'bulk hidden', content: 'from the reader' })).id;
  await h.caller(hider.token).users.block({ id: reader.id });
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'bulk-' || g || '@example.com', 'x', ?, ? || g from generate_series(1, ?) g`,
    [LONG, LONG, BULK_USERS],
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id)
     select u.id, ? from users u where u.email like 'bulk-%'
     union all select ?, u.id from users u where u.email like 'bulk-%'`,
    [hub.id, hub.id],
  );
  await conn.execute(
    `insert into comments (content, post_id, author_id, created_at)
     select repeat('c', ?) || g, ?, ?, now() - g * interval '1 second' from generate_series(1, ?) g`,
    [TEXT, postId, reader.id, BULK],
  );
  await conn.execute(
    `insert into events (name, description, location, date_time, owner_id)
     select 'event ' || g, repeat('d', ?), 'here', now() + g * interval '1 hour', ? from generate_series(1, ?) g`,
    [TEXT, reader.id, BULK],
  );
  await conn.execute(
    `insert into posts (title, content, author_id, created_at, tags, quote_of_id)
     select 'bulk ' || g, repeat('p', ?), ?, now() - g * interval '1 second', '{bulk}', ? from generate_series(1, ?) g`,
    [TEXT, author.id, postId, BULK],
  );
  for (const table of ['blocks (blocker_id, blocked_id)', 'mutes (muter_id, muted_id)']) {
    await conn.execute(`insert into ${table} select ?, u.id from users u where u.email like 'bulk-%'`, [blocker.id]);
  }
});

const lists = () =>
  [
    ['/users', () => h.caller(reader.token).users.list()],
    [`/users/${hub.id}/followers`, () => h.caller(reader.token).users.followers({ id: hub.id })],
    [`/users/${hub.id}/followed/`, () => h.caller(reader.token).users.followed({ id: hub.id })],
    [`/posts/${postId}/comments`, () => h.caller(reader.token).posts.comments({ id: postId })],
    ['/events', () => h.caller().events.list()],
  ] as const;

describe('an unpaged list over REST', () => {
  it('streams exactly the JSON the procedure returns', async () => {
    for (const [path, procedure] of lists()) {
      const res = await h.request('GET', path, { token: reader.token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      expect((res.body as unknown[]).length, path).toBeGreaterThanOrEqual(BULK);
      expect(res.text, path).toBe(JSON.stringify(await procedure()));
    }
  });

  it('past its whole size takes a large-answer slot: a full process answers 503 with Retry-After', async () => {
    const slots = largeAnswerSlots(h.services);
    const holders = [-1, -2, -3];
    for (const holder of holders) expect(slots.take(holder)).toBeUndefined();
    try {
      for (const [path] of lists()) {
        const res = await h.request('GET', path, { token: reader.token });
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        // A page is small: answered meanwhile.
        expect((await h.request('GET', `${path}?limit=20`, { token: reader.token })).status, path).toBe(200);
      }
      // A short list is sent whole without a slot.
      expect((await h.request('GET', `/users/${reader.id}/followers`, { token: reader.token })).status).toBe(200);
    } finally {
      for (const holder of holders) slots.release(holder);
    }
  });

  it('answers 404 for a missing user or post, 401 without a token, 400 for a bad id, as before', async () => {
    expect((await h.request('GET', '/users/999999/followers', { token: reader.token })).status).toBe(404);
    expect((await h.request('GET', '/posts/999999/comments', { token: reader.token })).status).toBe(404);
    expect((await h.request('GET', '/users')).status).toBe(401);
    expect((await h.request('GET', '/users/abc/followed', { token: reader.token })).status).toBe(400);
    // Events need no token.
    expect((await h.request('GET', '/events')).status).toBe(200);
  });
});

/** `path` with `query` added to its query string. */
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

type Item = { id: number };

/**
 * Every list, as REST and the procedure with `{ before }` (or without: the whole list) answer it;
 * `badCursor`: what both forms answer for a cursor naming nothing (a 400 where the list checks it).
 */
const cursorLists = () => {
  const as = (user: TestUser) => h.caller(user.token);
  const lists: { path: string; token?: string; list: (before?: number) => Promise<Item[]>; badCursor: number }[] = [
    { path: '/users', token: reader.token, list: (before) => as(reader).users.list({ before }), badCursor: 200 },
    {
      path: `/users/${hub.id}/followers`,
      token: reader.token,
      list: (before) => as(reader).users.followers({ id: hub.id, before }),
      badCursor: 200,
    },
    {
      path: `/users/${hub.id}/followed/`,
      token: reader.token,
      list: (before) => as(reader).users.followed({ id: hub.id, before }),
      badCursor: 200,
    },
    {
      path: `/users/${author.id}/posts`,
      token: reader.token,
      list: (before) => as(reader).users.posts({ id: author.id, before }),
      badCursor: 400,
    },
    {
      path: '/users/me/blocked',
      token: blocker.token,
      list: (before) => as(blocker).users.blocked({ before }),
      badCursor: 400,
    },
    {
      path: '/users/me/muted',
      token: blocker.token,
      list: (before) => as(blocker).users.muted({ before }),
      badCursor: 400,
    },
    { path: '/posts', token: reader.token, list: (before) => as(reader).posts.list({ before }), badCursor: 400 },
    {
      path: '/posts?q=bulk',
      token: reader.token,
      list: (before) => as(reader).posts.list({ q: 'bulk', before }),
      badCursor: 400,
    },
    {
      path: '/posts/followed',
      token: reader.token,
      list: (before) => as(reader).posts.followed({ before }),
      badCursor: 400,
    },
    {
      path: `/posts/${postId}/comments`,
      token: reader.token,
      list: (before) => as(reader).posts.comments({ id: postId, before }),
      badCursor: 400,
    },
    {
      path: '/tags/bulk/posts',
      token: reader.token,
      list: (before) => as(reader).tags.posts({ tag: 'bulk', before }),
      badCursor: 400,
    },
    {
      path: `/posts/${postId}/quotes`,
      token: reader.token,
      list: (before) => as(reader).posts.quotes({ id: postId, before }),
      badCursor: 400,
    },
    { path: '/events', list: (before) => h.caller().events.list({ before }), badCursor: 400 },
  ];
  return lists;
};

describe('a list from a cursor without a limit over REST', () => {
  /** The cursor is this item of the whole list: what follows it is still long. */
  const AT = 5;
  const cursors = new Map<string, { cursor: number; rest: Item[] }>();
  beforeAll(async () => {
    for (const { path, list } of cursorLists()) {
      const whole = await list();
      cursors.set(path, { cursor: whole[AT]!.id, rest: whole.slice(AT + 1) });
    }
  });

  it('streams exactly the JSON the procedure answers for { before }, from the item after the cursor', async () => {
    for (const { path, token, list } of cursorLists()) {
      const { cursor, rest } = cursors.get(path)!;
      expect(rest.length, path).toBeGreaterThanOrEqual(BULK - AT - 1);
      const res = await h.request('GET', withQuery(path, `before=${cursor}`), { token });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('application/json');
      // Streamed: sent as its rows arrive, with no length known ahead.
      expect(res.headers.get('content-length'), path).toBeNull();
      expect(res.text, path).toBe(JSON.stringify(await list(cursor)));
      expect(res.body, path).toEqual(rest);
    }
  });

  it('takes a large-answer slot: a full process answers 503 with Retry-After', async () => {
    const slots = largeAnswerSlots(h.services);
    const holders = [-1, -2, -3];
    for (const holder of holders) expect(slots.take(holder)).toBeUndefined();
    try {
      for (const { path, token } of cursorLists()) {
        const { cursor } = cursors.get(path)!;
        const res = await h.request('GET', withQuery(path, `before=${cursor}`), { token });
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        // A page from the cursor is small: answered meanwhile.
        expect((await h.request('GET', withQuery(path, `limit=20&before=${cursor}`), { token })).status, path).toBe(
          200,
        );
      }
    } finally {
      for (const holder of holders) slots.release(holder);
    }
  });

  it('answers a cursor naming nothing the caller sees as the paged form does: 400 where it checks it', async () => {
    // A post hidden from the reader by a block names nothing to them, in every post list.
    const postLists = new Set([
      '/posts',
      '/posts?q=bulk',
      '/posts/followed',
      `/users/${author.id}/posts`,
      '/tags/bulk/posts',
      `/posts/${postId}/quotes`,
    ]);
    for (const { path, token, list, badCursor } of cursorLists()) {
      for (const cursor of postLists.has(path) ? [MISSING_ID, hiddenPostId] : [MISSING_ID]) {
        const what = `${path} before ${cursor}`;
        const paged = await h.request('GET', withQuery(path, `limit=20&before=${cursor}`), { token });
        const res = await h.request('GET', withQuery(path, `before=${cursor}`), { token });
        expect([res.status, res.text], what).toEqual([paged.status, paged.text]);
        expect(res.status, what).toBe(badCursor);
        if (badCursor === 400) await expect(list(cursor), what).rejects.toMatchObject({ code: 'BAD_REQUEST' });
        else expect(await list(cursor), what).toEqual([]);
      }
    }
  });
});
