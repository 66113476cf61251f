import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectTrpcError } from './support/fixtures.js';
import { Harness, type TestUser } from './support/harness.js';

/**
 * Follow and unfollow answer the followed user's profile, which can be large: over REST it is sent
 * as GET /users/{id} sends it (streamed past 256 KiB, never held whole), over /trpc built whole only
 * up to PROFILE_MAX_BYTES.
 */
let h: Harness;
let author: TestUser; // a profile of about 300 KB
let small: TestUser;
let reader: TestUser;

beforeAll(async () => {
  h = await Harness.start({ PROFILE_MAX_BYTES: '100000' });
  [author, small, reader] = [await h.user(), await h.user(), await h.user()];
  await h.orm.em.getConnection().execute(
    `insert into posts (title, content, author_id)
     select 'bulk ' || g, repeat('x', 200), ? from generate_series(1, 1200) g`,
    [author.id],
  );
});
afterAll(() => h.close());

describe('POST and DELETE /users/{id}/follow over REST', () => {
  it('stream a large profile, byte for byte what GET /users/{id} sends', async () => {
    for (const method of ['POST', 'DELETE']) {
      const answer = await h.request(method, `/users/${author.id}/follow`, { token: reader.token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.headers.get('content-length')).toBeNull();
      expect(answer.headers.get('transfer-encoding')).toBe('chunked');
      const profile = await h.request('GET', `/users/${author.id}`, { token: reader.token });
      expect(answer.text).toBe(profile.text);
      expect(answer.body.posts).toHaveLength(1200);
    }
  });

  it('send a small profile whole, as GET /users/{id} does', async () => {
    const answer = await h.request('POST', `/users/${small.id}/follow`, { token: reader.token });
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(0);
    expect(answer.text).toBe((await h.request('GET', `/users/${small.id}`, { token: reader.token })).text);
    expect((await h.request('DELETE', `/users/${small.id}/follow`, { token: reader.token })).status).toBe(200);
  });
});

describe('users.follow and users.unfollow over /trpc', () => {
  it('answer a profile whole up to PROFILE_MAX_BYTES, and 422 past it with the write done', async () => {
    const caller = h.caller(reader.token);
    expect(await caller.users.follow({ id: small.id })).toEqual(await caller.users.get({ id: small.id }));
    await expectTrpcError(caller.users.follow({ id: author.id }), 'UNPROCESSABLE_CONTENT');
    expect((await caller.users.followers({ id: author.id })).map((u) => u.id)).toContain(reader.id);
    await expectTrpcError(caller.users.unfollow({ id: author.id }), 'UNPROCESSABLE_CONTENT');
    expect((await caller.users.followers({ id: author.id })).map((u) => u.id)).not.toContain(reader.id);
  });
});
