import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, useHarness } from '../../support/harness.js';

/**
 * Follow and unfollow answer the followed user's profile, which is bounded (20 of each list, with
 * counts) however popular the user: the answer is sent whole, and a committed write never answers
 * an error for its size.
 */
const h = useHarness();
let author: TestUser; // 1,200 posts and 600 followers
let reader: TestUser;

beforeAll(async () => {
  [author, reader] = [await h.user(), await h.user()];
  const db = h.orm.em.getConnection();
  await db.execute(
    `insert into posts (title, content, author_id) select 'bulk ' || g, repeat('x', 200), ? from generate_series(1, 1200) g`,
    [author.id],
  );
  await db.execute(
    `with fans as (insert into users (email, password_hash, first_name, last_name)
       select 'fan' || g || '-' || ? || '@example.com', 'x', 'Fan', 'F' || g from generate_series(1, 600) g returning id)
     insert into follows (follower_id, followed_id) select id, ? from fans`,
    [author.id, author.id],
  );
});

describe('POST and DELETE /users/{id}/follow', () => {
  it('answer the bounded profile, byte for byte what GET /users/{id} sends, with the counts moved', async () => {
    for (const [method, followers] of [
      ['POST', 601],
      ['DELETE', 600],
    ] as const) {
      const answer = await h.request(method, `/users/${author.id}/follow`, { token: reader.token });
      expect(answer.status, answer.text).toBe(200);
      expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(0);
      const profile = await h.request('GET', `/users/${author.id}`, { token: reader.token });
      expect(answer.text).toBe(profile.text);
      expect(answer.body.posts).toHaveLength(20);
      expect(answer.body.followers).toHaveLength(20);
      expect(answer.body).toMatchObject({ postCount: 1200, followerCount: followers, followedCount: 0 });
    }
  });
});
