import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedlineRestClient } from '../client/rest.js';
import { createFeedlineTrpcClient } from '../client/trpc.js';
import { CLIENT_TYPES_FILE, renderClientTypes } from '../scripts/client-types.js';
import { Harness, type TestUser } from './support/harness.js';

let h: Harness;
let ada: TestUser;
let grace: TestUser;
beforeAll(async () => {
  h = await Harness.start();
  ada = await h.user({ firstName: 'Ada' });
  grace = await h.user({ firstName: 'Grace' });
});
afterAll(() => h.close());

describe('client/trpc.ts', () => {
  it('posts, follows and reads the feed over typed RPC', async () => {
    const asGrace = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: grace.token });
    const asAda = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: () => ada.token });
    const post = await asGrace.posts.create.mutate({ title: 'typed', content: 'rpc' });
    await asAda.users.follow.mutate({ id: grace.id });
    const feed = await asAda.posts.followed.query();
    expect(feed.map((p) => p.id)).toContain(post.id);
  });
});

describe('client/rest.ts', () => {
  it('posts, follows and reads the feed over REST, typed from the OpenAPI document', async () => {
    const asGrace = createFeedlineRestClient({ baseUrl: h.baseUrl, token: grace.token });
    const asAda = createFeedlineRestClient({ baseUrl: h.baseUrl, token: ada.token });
    const created = await asGrace.POST('/posts', { body: { title: 'typed', content: 'rest' } });
    expect(created.response.status).toBe(201);
    const liked = await asAda.POST('/posts/{id}/like', { params: { path: { id: created.data!.id } } });
    expect(liked.data?.likedBy.map((u) => u.id)).toEqual([ada.id]);
    const missing = await asAda.GET('/posts/{id}', { params: { path: { id: 999_999_999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'NOT_FOUND', message: 'Post not found' });
    const anonymous = await createFeedlineRestClient({ baseUrl: h.baseUrl }).GET('/users/me');
    expect(anonymous.response.status).toBe(401);
  });

  it('its committed types match the current OpenAPI document (run `npm run client:generate`)', async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await renderClientTypes());
  });
});
