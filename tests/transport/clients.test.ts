import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFeedlineRestClient } from '../../packages/client/src/rest.js';
import { createFeedlineTrpcClient } from '../../packages/client/src/trpc.js';
import { CLIENT_TYPES_FILE, renderClientTypes } from '../../scripts/client-types.js';
import { summary } from '../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../support/harness.js';

const h = useHarness();
let ada: TestUser;
let grace: TestUser;
beforeAll(async () => {
  ada = await h.user({ firstName: 'Ada' });
  grace = await h.user({ firstName: 'Grace' });
});

/** A small JPEG; answers wait for it to be processed (200, never 202, however slow the machine). */
async function image(): Promise<Blob> {
  h.services.media.answerWaitMs = 60_000;
  return new Blob([
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer(),
  ]);
}

describe('client/trpc.ts', () => {
  it('uploads: sets and removes an avatar, FormData or a Blob', async () => {
    const asGrace = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: grace.token });
    const form = new FormData();
    form.set('file', await image());
    const [viaForm, me] = await Promise.all([asGrace.users.setAvatar.mutate(form), asGrace.users.me.query()]);
    expect(viaForm).toMatchObject({ state: 'ready', width: 400, height: 400 });
    expect(me.id).toBe(grace.id);
    const viaBlob = await asGrace.users.setAvatar.mutate(await image());
    expect((await asGrace.users.me.query()).avatarUrl).toBe(viaBlob.url);
    await asGrace.users.deleteAvatar.mutate();
    expect((await asGrace.users.me.query()).avatarUrl).toBeNull();
  });

  it('posts, follows and reads the feed over typed RPC', async () => {
    const asGrace = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: grace.token });
    const asAda = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: () => ada.token });
    const post = await asGrace.posts.create.mutate({ title: 'typed', content: 'rpc' });
    await asAda.users.follow.mutate({ id: grace.id });
    const feed = await asAda.posts.followed.query();
    expect(feed.map((p) => p.id)).toContain(post.id);
  });

  it('likes comments, searches, pages nested lists and manages sessions over typed RPC', async () => {
    const asGrace = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: grace.token });
    const post = await asGrace.posts.create.mutate({ title: 'quasar findings', content: 'rpc' });
    const comment = await asGrace.posts.comment.mutate({ id: post.id, content: 'first' });
    expect((await asGrace.comments.like.mutate({ id: comment.id })).likedBy.map((u) => u.id)).toEqual([grace.id]);
    expect((await asGrace.posts.list.query({ q: 'quasar', limit: 5 })).map((p) => p.id)).toEqual([post.id]);
    expect(await asGrace.posts.comments.query({ id: post.id, limit: 1 })).toHaveLength(1);
    expect((await asGrace.users.posts.query({ id: grace.id }))[0]!.id).toBe(post.id);
    const sessions = await asGrace.auth.sessions.query();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(await asGrace.users.updateMe.mutate({ firstName: 'Grace' })).toMatchObject({ id: grace.id });
  });

  it('blocks, mutes and lists them over typed RPC', async () => {
    const other = await h.user();
    const asOther = createFeedlineTrpcClient({ baseUrl: h.baseUrl, token: other.token });
    expect(await asOther.users.block.mutate({ id: grace.id })).toEqual(summary(grace));
    expect((await asOther.users.blocked.query({ limit: 5 })).map((u) => u.id)).toEqual([grace.id]);
    await asOther.users.unblock.mutate({ id: grace.id });
    await asOther.users.mute.mutate({ id: ada.id });
    expect((await asOther.users.muted.query()).map((u) => u.id)).toEqual([ada.id]);
    await asOther.users.unmute.mutate({ id: ada.id });
  });
});

describe('client/rest.ts', () => {
  it('uploads: sets and removes an avatar, the image as the body', async () => {
    const asAda = createFeedlineRestClient({ baseUrl: h.baseUrl, token: ada.token });
    const set = await asAda.PUT('/users/me/avatar', {
      body: (await image()) as unknown as string,
      bodySerializer: (body) => body,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(set.response.status).toBe(200);
    expect((await asAda.GET('/users/me')).data?.avatarUrl).toBe(set.data?.url);
    expect((await asAda.DELETE('/users/me/avatar')).response.status).toBe(204);
    expect((await asAda.GET('/users/me')).data?.avatarUrl).toBeNull();
  });

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

  it('likes comments, renames, and deletes an account with its password in the body', async () => {
    const leaver = await h.user();
    const asLeaver = createFeedlineRestClient({ baseUrl: h.baseUrl, token: leaver.token });
    const post = await asLeaver.POST('/posts', { body: { title: 't', content: 'c' } });
    const comment = await asLeaver.POST('/posts/{id}/comment', {
      params: { path: { id: post.data!.id } },
      body: { content: 'c' },
    });
    const liked = await asLeaver.POST('/comments/{id}/like', { params: { path: { id: comment.data!.id } } });
    expect(liked.data?.likedBy.map((u) => u.id)).toEqual([leaver.id]);
    const page = await asLeaver.GET('/users/{id}/followers', { params: { path: { id: ada.id }, query: { limit: 5 } } });
    expect(page.response.status).toBe(200);
    const renamed = await asLeaver.PATCH('/users/me', { body: { lastName: 'Typed' } });
    expect(renamed.data).toMatchObject({ id: leaver.id, lastName: 'Typed' });
    const wrong = await asLeaver.DELETE('/users/me', { body: { password: 'wrong password' } });
    expect(wrong.error).toMatchObject({ code: 'BAD_REQUEST' });
    const deleted = await asLeaver.DELETE('/users/me', { body: { password: PASSWORD } });
    expect(deleted.response.status).toBe(204);
  });

  it('blocks, mutes and lists them over REST', async () => {
    const other = await h.user();
    const asOther = createFeedlineRestClient({ baseUrl: h.baseUrl, token: other.token });
    const path = { params: { path: { id: grace.id } } };
    expect((await asOther.POST('/users/{id}/block', path)).data?.id).toBe(grace.id);
    expect((await asOther.GET('/users/me/blocked', { params: { query: { limit: 5 } } })).data).toEqual([
      summary(grace),
    ]);
    expect((await asOther.POST('/users/{id}/block', path)).error).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await asOther.DELETE('/users/{id}/block', path)).response.status).toBe(200);
    expect((await asOther.POST('/users/{id}/mute', path)).response.status).toBe(200);
    expect((await asOther.GET('/users/me/muted')).data?.map((u) => u.id)).toEqual([grace.id]);
    expect((await asOther.DELETE('/users/{id}/mute', path)).response.status).toBe(200);
  });

  it('its committed types match the current OpenAPI document (run `npm run client:generate`)', async () => {
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(await renderClientTypes());
  });
});
