import pg from 'pg';
import sharp from 'sharp';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { AVATAR_PREVIEW_SIDE, AVATAR_SIDE } from '../../src/media/process-image.js';
import { expectApiError } from '../support/fixtures.js';
import { PASSWORD, type Harness, type TestUser } from '../support/harness.js';
import { jpeg, png, pngHeaderOnly, SVG_WITH_SCRIPT } from './images.js';
import { settled, settledAnswer, whileProcessing } from './answers.js';
import { skipped, storagesOfThisFile, storedKeys, useMediaHarness } from './storages.js';

/** PUT and DELETE /users/me/avatar, and every UserSummary's avatarUrl: on both storages. */

const KEY_URL = /^\/media\/files\/[A-Za-z0-9_-]{22}\.(jpg|webp)$/;
const MAX_BYTES = 2_000_000;

const put = (h: Harness, user: TestUser, body: Buffer | FormData | string, type?: string) =>
  fetch(`${h.baseUrl}/users/me/avatar`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, ...(type && { 'content-type': type }) },
    body,
  });

const keyOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
const keysOf = (media: MediaAttachment) => [media.url!, media.previewUrl!].map(keyOf);

/** The answer of a PUT that may have answered 202: the attachment once ready. */
const ready = (h: Harness, user: TestUser, response: Response) => settledAnswer(h, user, response, 200);

/** Waits for the work an answer left running: processing, and deletes of files. */
async function quiet(h: Harness): Promise<void> {
  const { inBackground } = h.services.media;
  while (inBackground.size > 0) await Promise.allSettled([...inBackground]);
}

const avatarOf = async (h: Harness, user: TestUser) =>
  (await h.request('GET', '/users/me', { token: user.token })).body.avatarUrl as string | null;

/** What the database refers to (media rows, and keys whose files are still to delete). */
async function referencedKeys(h: Harness): Promise<string[]> {
  const rows = await h.orm.em.fork().execute<{ key: string }[]>(
    `select k as key from media, unnest(array[file_key, preview_key]) k where k is not null
        union select key from media_deleted_keys`,
  );
  return rows.map((row) => row.key).sort();
}

const avatarRows = async (h: Harness, user: TestUser) =>
  h.orm.em
    .fork()
    .execute<{ id: number; file_key: string }[]>(
      `select id, file_key from media where owner_id = ${user.id} and attached_to = 'avatar'`,
    );

describe.each(storagesOfThisFile())('avatars on %s', (storage) => {
  const h = useMediaHarness(storage, { MEDIA_MAX_BYTES: String(MAX_BYTES) });
  const skip = skipped(storage);

  it.skipIf(skip)('PUT sets a square avatar: its URL in the summary, the file served, 400×400', async () => {
    const ada = await h.user();
    expect(await avatarOf(h, ada)).toBeNull();
    const media = await ready(h, ada, await put(h, ada, await jpeg(640, 480), 'image/jpeg'));
    expect(media).toMatchObject({ state: 'ready', type: 'image/jpeg', width: AVATAR_SIDE, height: AVATAR_SIDE });
    expect(media.url).toMatch(KEY_URL);
    expect(await avatarOf(h, ada)).toBe(media.url);
    const file = await fetch(`${h.baseUrl}${media.url}`);
    expect(file.status).toBe(200);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({
      width: AVATAR_SIDE,
      height: AVATAR_SIDE,
    });
    const preview = await sharp(Buffer.from(await (await fetch(`${h.baseUrl}${media.previewUrl}`)).arrayBuffer()))
      .metadata()
      .then(({ width, height }) => ({ width, height }));
    expect(preview).toEqual({ width: AVATAR_PREVIEW_SIDE, height: AVATAR_PREVIEW_SIDE });
    await quiet(h);
    expect(await storedKeys(h)).toEqual(expect.arrayContaining(keysOf(media)));
    expect(await storedKeys(h)).toEqual(await referencedKeys(h));
  });

  it.skipIf(skip)(
    'every UserSummary carries avatarUrl: authors, likers, comments, follows, notifications; REST, /trpc, createCaller',
    async () => {
      const [ada, bob, carol] = [await h.user(), await h.user(), await h.user()];
      const adaUrl = (await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'))).url;
      const bobUrl = (await ready(h, bob, await put(h, bob, await png(), 'image/png'))).url;
      const post = (await h.request('POST', '/posts', { token: ada.token, body: { title: 't', content: 'c' } })).body;
      expect(post.createdBy).toEqual({
        id: ada.id,
        firstName: ada.firstName,
        lastName: ada.lastName,
        avatarUrl: adaUrl,
        handle: ada.handle,
      });
      await h.request('POST', `/posts/${post.id}/like`, { token: bob.token });
      await h.request('POST', `/posts/${post.id}/like`, { token: carol.token });
      await h.request('POST', `/posts/${post.id}/comment`, { token: bob.token, body: { content: 'hi' } });
      await h.request('POST', `/users/${ada.id}/follow`, { token: bob.token });
      const expectAvatars = (read: {
        createdBy: { avatarUrl: unknown };
        likedBy: { id: number; avatarUrl: unknown }[];
        comments: { createdBy: { avatarUrl: unknown } }[];
      }) => {
        expect(read.createdBy.avatarUrl).toBe(adaUrl);
        expect(read.likedBy.map((u) => [u.id, u.avatarUrl])).toEqual([
          [bob.id, bobUrl],
          [carol.id, null],
        ]);
        expect(read.comments[0]!.createdBy.avatarUrl).toBe(bobUrl);
      };
      expectAvatars((await h.request('GET', `/posts/${post.id}`, { token: carol.token })).body);
      const batch = await fetch(
        `${h.baseUrl}/trpc/posts.get,users.followers?batch=1&input=${encodeURIComponent(
          JSON.stringify({ 0: { id: post.id }, 1: { id: ada.id } }),
        )}`,
        { headers: { authorization: `Bearer ${carol.token}` } },
      );
      const [viaTrpc, followers] = (await batch.json()) as [
        { result: { data: Parameters<typeof expectAvatars>[0] } },
        { result: { data: { avatarUrl: unknown }[] } },
      ];
      expectAvatars(viaTrpc.result.data);
      expect(followers.result.data.map((u) => u.avatarUrl)).toEqual([bobUrl]);
      expectAvatars(await h.caller(carol.token).posts.get({ id: post.id }));
      const profile = (await h.request('GET', `/users/${ada.id}`, { token: carol.token })).body;
      expect([profile.avatarUrl, profile.followers[0].avatarUrl]).toEqual([adaUrl, bobUrl]);
      const likers = (await h.request('GET', `/posts/${post.id}/likes`, { token: carol.token })).body;
      expect(likers.map((u: { avatarUrl: unknown }) => u.avatarUrl)).toEqual([bobUrl, null]);
      const notes = (await h.request('GET', '/notifications', { token: ada.token })).body;
      expect(notes.length).toBeGreaterThan(0);
      for (const note of notes) expect(note.actor.avatarUrl).toBe(note.actor.id === bob.id ? bobUrl : null);
      expect((await h.request('GET', `/users/${carol.id}`, { token: ada.token })).body.avatarUrl).toBeNull();
    },
  );

  it.skipIf(skip)('a second PUT replaces the avatar: the old row and files are gone', async () => {
    const ada = await h.user();
    const first = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    const form = new FormData();
    form.set('file', new Blob([await png(200, 300)]), 'me.png');
    const second = await ready(h, ada, await put(h, ada, form));
    expect(second).toMatchObject({ state: 'ready', type: 'image/webp', width: AVATAR_SIDE, height: AVATAR_SIDE });
    expect(await avatarOf(h, ada)).toBe(second.url);
    expectApiError(await h.request('GET', `/media/${first.id}`, { token: ada.token }), 404, 'NOT_FOUND');
    await quiet(h);
    const stored = await storedKeys(h);
    expect(stored).toEqual(expect.arrayContaining(keysOf(second)));
    for (const key of keysOf(first)) expect(stored).not.toContain(key);
    expect((await fetch(`${h.baseUrl}${first.url}`)).status).toBe(404);
    expect(stored).toEqual(await referencedKeys(h));
    expect(await avatarRows(h, ada)).toEqual([{ id: second.id, file_key: keyOf(second.url!) }]);
  });

  it.skipIf(skip)('DELETE removes the avatar and its files; again is still 204', async () => {
    const ada = await h.user();
    const media = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    const removed = await h.request('DELETE', '/users/me/avatar', { token: ada.token });
    expect(removed.status, removed.text).toBe(204);
    expect(await avatarOf(h, ada)).toBeNull();
    await quiet(h);
    const stored = await storedKeys(h);
    for (const key of keysOf(media)) expect(stored).not.toContain(key);
    expect(stored).toEqual(await referencedKeys(h));
    expect(await avatarRows(h, ada)).toEqual([]);
    expect((await h.request('DELETE', '/users/me/avatar', { token: ada.token })).status).toBe(204);
    expectApiError(await h.request('DELETE', '/users/me/avatar'), 401, 'UNAUTHORIZED');
  });

  it.skipIf(skip)('/trpc takes FormData and a binary input, createCaller a Blob; the caller removes it', async () => {
    const ada = await h.user();
    const form = new FormData();
    form.set('file', new Blob([await jpeg()]));
    for (const [body, type] of [
      [form, undefined],
      [await jpeg(), 'application/octet-stream'],
    ] as const) {
      const answer = await fetch(`${h.baseUrl}/trpc/users.setAvatar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, ...(type && { 'content-type': type }) },
        body,
      });
      expect(answer.status).toBe(200);
      const { data } = ((await answer.json()) as { result: { data: MediaAttachment } }).result;
      const media = data.state === 'processing' ? await settled(h, ada, data.id) : data;
      expect(media).toMatchObject({ state: 'ready', width: AVATAR_SIDE, height: AVATAR_SIDE });
      expect(await avatarOf(h, ada)).toBe(media.url);
    }
    const caller = h.caller(ada.token);
    const called = await caller.users.setAvatar(new Blob([await jpeg(90, 400)]));
    const media = called.state === 'processing' ? await settled(h, ada, called.id) : called;
    expect((await caller.users.me()).avatarUrl).toBe(media.url);
    await caller.users.deleteAvatar();
    expect((await caller.users.me()).avatarUrl).toBeNull();
    await quiet(h);
    expect(await avatarRows(h, ada)).toEqual([]);
    expect(await storedKeys(h)).toEqual(await referencedKeys(h));
  });

  it.skipIf(skip)('hostile input gets what POST /media answers, and the avatar stays', async () => {
    const ada = await h.user();
    const kept = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    const big = Buffer.concat([await jpeg(), Buffer.alloc(MAX_BYTES)]);
    const cases: [string, Buffer | string, string][] = [
      ['svg with a script, declared png', SVG_WITH_SCRIPT, 'image/png'],
      ['svg declared svg', SVG_WITH_SCRIPT, 'image/svg+xml'],
      ['a decompression bomb', pngHeaderOnly(50_000, 50_000), 'image/png'],
      ['a truncated jpeg', (await jpeg()).subarray(0, 2000), 'image/jpeg'],
      ['over MEDIA_MAX_BYTES', big, 'image/jpeg'],
      ['text', 'hello', 'text/plain'],
    ];
    for (const [name, body, type] of cases) {
      const viaPost = await fetch(`${h.baseUrl}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': type },
        body,
      });
      const viaPut = await put(h, ada, body, type);
      const expected = { status: viaPost.status, body: await viaPost.json() };
      expect(expected.status, name).toBeGreaterThanOrEqual(400);
      expect(expected.status, name).toBeLessThan(500);
      expect({ status: viaPut.status, body: await viaPut.json() }, name).toEqual(expected);
    }
    expect(await avatarOf(h, ada)).toBe(kept.url);
    expect((await avatarRows(h, ada)).map((row) => row.id)).toEqual([kept.id]);
    const rows = await h.orm.em.fork().execute(`select id from media where owner_id = ${ada.id}`);
    expect(rows).toEqual([{ id: kept.id }]);
  });

  it.skipIf(skip)('another user cannot read, describe, attach or replace your avatar', async () => {
    const [ada, bob] = [await h.user(), await h.user()];
    const media = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    expectApiError(await h.request('GET', `/media/${media.id}`, { token: bob.token }), 404, 'NOT_FOUND');
    expectApiError(
      await h.request('PATCH', `/media/${media.id}`, { token: bob.token, body: { description: 'mine' } }),
      404,
      'NOT_FOUND',
    );
    for (const token of [bob.token, ada.token]) {
      const taken = await h.request('POST', '/posts', {
        token,
        body: { title: 't', content: 'c', mediaIds: [media.id] },
      });
      expectApiError(taken, 400, 'BAD_REQUEST');
    }
    const bobs = await ready(h, bob, await put(h, bob, await jpeg(), 'image/jpeg'));
    await h.request('DELETE', '/users/me/avatar', { token: bob.token });
    await quiet(h);
    expect(await avatarOf(h, ada)).toBe(media.url);
    expect(await avatarRows(h, ada)).toEqual([{ id: media.id, file_key: keyOf(media.url!) }]);
    expect(await storedKeys(h)).toEqual(expect.arrayContaining(keysOf(media)));
    expect(await storedKeys(h)).not.toContain(keyOf(bobs.url!));
  });

  it.skipIf(skip)('deleting the account deletes the avatar’s files', async () => {
    const ada = await h.user();
    const media = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    const left = await h.request('DELETE', '/users/me', { token: ada.token, body: { password: PASSWORD } });
    expect(left.status).toBe(204);
    await quiet(h);
    const stored = await storedKeys(h);
    for (const key of keysOf(media)) expect(stored).not.toContain(key);
    expect(stored).toEqual(await referencedKeys(h));
  });

  it.skipIf(skip)('202 while processing: the avatar is set once the image is ready', async () => {
    const [ada, bob] = [await h.user(), await h.user()];
    await whileProcessing(h, bob, async (release) => {
      const answer = await put(h, ada, await jpeg(), 'image/jpeg');
      expect(answer.status).toBe(202);
      const pending = (await answer.json()) as MediaAttachment;
      expect(pending).toMatchObject({ state: 'processing', url: null });
      expect(await avatarOf(h, ada)).toBeNull();
      release();
      const done = await settled(h, ada, pending.id);
      await quiet(h);
      expect(done.state).toBe('ready');
      expect(await avatarOf(h, ada)).toBe(done.url);
    });
  });

  it.skipIf(skip)('two PUTs at once leave exactly one avatar and no orphan file', async () => {
    const ada = await h.user();
    await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    // Holds the user's row as an avatar write does, so that both PUTs wait to make theirs.
    const locker = new pg.Client({ connectionString: h.directUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('select 1 from users where id = $1 for no key update', [ada.id]);
      const answers = Promise.all([
        put(h, ada, await jpeg(300, 200), 'image/jpeg'),
        put(h, ada, await png(200, 300), 'image/png'),
      ]);
      for (let i = 0; ; i++) {
        const { rows } = await locker.query<{ n: number }>(
          `select count(distinct l.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database()`,
        );
        if (rows[0]!.n >= 2) break;
        if (i > 600) throw new Error('the two PUTs never both waited');
        await sleep(50);
      }
      await locker.query('commit');
      const [one, two] = await answers;
      await ready(h, ada, one);
      await ready(h, ada, two);
    } finally {
      await locker.end();
    }
    await quiet(h);
    const avatars = await avatarRows(h, ada);
    expect(avatars).toHaveLength(1);
    expect(await avatarOf(h, ada)).toBe(`/media/files/${avatars[0]!.file_key}`);
    const rows = await h.orm.em.fork().execute(`select id from media where owner_id = ${ada.id}`);
    expect(rows).toEqual([{ id: avatars[0]!.id }]);
    expect(await storedKeys(h)).toEqual(await referencedKeys(h));
  });
});

describe.each(storagesOfThisFile())('avatar limits on %s', (storage) => {
  const h = useMediaHarness(storage, { WRITE_LIMIT_MEDIA: '3/1h', MEDIA_DAILY_FILES: '2' });
  const skip = skipped(storage);

  it.skipIf(skip)('avatar uploads count in the daily quota and in WRITE_LIMIT_MEDIA', async () => {
    const ada = await h.user();
    const upload = await fetch(`${h.baseUrl}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'image/jpeg' },
      body: await jpeg(),
    });
    expect([201, 202]).toContain(upload.status);
    const set = await ready(h, ada, await put(h, ada, await jpeg(), 'image/jpeg'));
    // The third file of the day is over MEDIA_DAILY_FILES; the fourth media write over WRITE_LIMIT_MEDIA.
    const overQuota = await put(h, ada, await jpeg(), 'image/jpeg');
    expect(overQuota.status).toBe(429);
    expect(await overQuota.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/quota/),
    });
    const overLimit = await h.request('DELETE', '/users/me/avatar', { token: ada.token });
    expectApiError(overLimit, 429, 'TOO_MANY_REQUESTS');
    expect(overLimit.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await avatarOf(h, ada)).toBe(set.url);
  });
});
