import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largeAnswerSlots } from '../src/trpc/large-answers.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * Every unpaged list over REST (users, a user's followers and followed, a post's comments, events)
 * is streamed as the post lists are: the procedures' JSON byte for byte, sent whole without a slot
 * while small, and past that in a large-answer slot (STREAMS_MAX / STREAMS_PER_USER), never built
 * whole in memory however long the list.
 */
let h: Harness;
let reader: TestUser;
let hub: TestUser; // followed by and following every bulk user; its post has every bulk comment
let postId: number;

// Each list below is well over the 256 KiB a list is sent whole up to.
const BULK = 1_500;
const LONG = 'n'.repeat(95);

beforeAll(async () => {
  // The procedures build these lists whole to compare with: over the default cap.
  h = await Harness.start({ TRPC_LIST_MAX_ITEMS: '5000', STREAMS_MAX: '3', STREAMS_PER_USER: '2' });
  [reader, hub] = [await h.user(), await h.user()];
  postId = (await h.caller(hub.token).posts.create({ title: 'hub', content: 'commented on' })).id;
  const conn = h.orm.em.getConnection();
  await conn.execute(
    `insert into users (email, password_hash, first_name, last_name)
     select 'bulk-' || g || '@example.com', 'x', ?, ? || g from generate_series(1, ?) g`,
    [LONG, LONG, BULK],
  );
  await conn.execute(
    `insert into follows (follower_id, followed_id)
     select u.id, ? from users u where u.email like 'bulk-%'
     union all select ?, u.id from users u where u.email like 'bulk-%'`,
    [hub.id, hub.id],
  );
  await conn.execute(
    `insert into comments (content, post_id, author_id, created_at)
     select repeat('c', 200) || g, ?, ?, now() - g * interval '1 second' from generate_series(1, ?) g`,
    [postId, reader.id, BULK],
  );
  await conn.execute(
    `insert into events (name, description, location, date_time, owner_id)
     select 'event ' || g, repeat('d', 200), 'here', now() + g * interval '1 hour', ? from generate_series(1, ?) g`,
    [reader.id, BULK],
  );
});
afterAll(() => h.close());

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
        expect((await h.request('GET', `${path}?limit=100`, { token: reader.token })).status, path).toBe(200);
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
