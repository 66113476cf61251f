import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { expectApiError } from '../support/fixtures.js';
import type { Harness, TestUser } from '../support/harness.js';
import sharp from 'sharp';
import { jpeg, noise, png, SVG_WITH_SCRIPT } from './images.js';
import { settled, settledAnswer, whileProcessing } from './answers.js';
import { skipped, storagesOfThisFile, storedKeys, useMediaHarness } from './storages.js';

/** POST /media on every transport, GET and PATCH /media/{id}: on both storages. */

const KEY_URL = /^\/media\/files\/[A-Za-z0-9_-]{22}\.(jpg|webp)$/;
const MAX_BYTES = 2_000_000;

/** POST /media with `body` as is, of `type`. */
const post = (h: Harness, user: TestUser, body: Buffer | FormData | string, type?: string) =>
  fetch(`${h.baseUrl}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, ...(type && { 'content-type': type }) },
    body,
  });

/**
 * POST /media on a connection of its own (a 413 closes it), the body chunked when `declare` is false;
 * stops sending once the server answers.
 */
function postAlone(
  h: Harness,
  user: TestUser,
  body: Buffer,
  declare: boolean,
): Promise<{ status?: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(new URL('/media', h.baseUrl), {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': 'image/jpeg',
        ...(declare && { 'content-length': String(body.length) }),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: text }));
      res.on('error', () => resolve({ status: res.statusCode, body: text }));
    });
    req.on('error', () => resolve({ body: '' }));
    for (let at = 0; at < body.length && !req.destroyed; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
    req.end();
  });
}

/** The answer of an upload that may have answered 202: the attachment once ready. */
const ready = (h: Harness, user: TestUser, response: Response) => settledAnswer(h, user, response, 201);

describe.each(storagesOfThisFile())('uploads on %s', (storage) => {
  const h = useMediaHarness(storage, { MEDIA_MAX_BYTES: String(MAX_BYTES), MEDIA_PROCESS_MAX: '1' });
  const skip = skipped(storage);

  it.skipIf(skip)(
    'POST /media takes the raw image body: ready, resized, stored, readable by its owner only',
    async () => {
      const [ada, bob] = [await h.user(), await h.user()];
      const before = (await storedKeys(h)).length;
      const flat = await sharp({ create: { width: 2600, height: 1300, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const media = await ready(h, ada, await post(h, ada, flat, 'image/jpeg'));
      expect(media).toMatchObject({ state: 'ready', type: 'image/jpeg', width: 2048, height: 1024, description: '' });
      expect(media.url).toMatch(KEY_URL);
      expect(media.previewUrl).toMatch(KEY_URL);
      expect(media.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/);
      expect((await storedKeys(h)).length).toBe(before + 2);
      const read = await h.request('GET', `/media/${media.id}`, { token: ada.token });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(media);
      expectApiError(await h.request('GET', `/media/${media.id}`, { token: bob.token }), 404, 'NOT_FOUND');
    },
  );

  it.skipIf(skip)('POST /media takes multipart/form-data with a description; PATCH sets it, bounded', async () => {
    const ada = await h.user();
    const form = new FormData();
    form.set('file', new Blob([await png()]), 'holiday-in-paris.png');
    form.set('description', 'A grey square');
    const media = await ready(h, ada, await post(h, ada, form));
    expect(media).toMatchObject({ state: 'ready', type: 'image/webp', description: 'A grey square' });
    // The original name goes nowhere.
    expect(JSON.stringify(media)).not.toContain('paris');
    const patched = await h.request('PATCH', `/media/${media.id}`, { token: ada.token, body: { description: 'Grey' } });
    expect(patched.status).toBe(200);
    expect(patched.body.description).toBe('Grey');
    const tooLong = await h.request('PATCH', `/media/${media.id}`, {
      token: ada.token,
      body: { description: 'x'.repeat(421) },
    });
    expectApiError(tooLong, 400, 'BAD_REQUEST');
    const noFile = new FormData();
    noFile.set('description', 'nothing');
    expectApiError(await h.request('POST', '/media', { token: ada.token }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const answer = await post(h, ada, noFile);
    expect(answer.status).toBe(400);
  });

  it.skipIf(skip)('/trpc takes FormData and a binary input, createCaller a Blob: one procedure', async () => {
    const ada = await h.user();
    const form = new FormData();
    form.set('file', new Blob([await jpeg(160, 120)]));
    const viaForm = await fetch(`${h.baseUrl}/trpc/media.upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
      body: form,
    });
    expect(viaForm.status).toBe(200);
    const formMedia = ((await viaForm.json()) as { result: { data: MediaAttachment } }).result.data;
    const viaOctets = await fetch(`${h.baseUrl}/trpc/media.upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/octet-stream' },
      body: await jpeg(160, 120),
    });
    expect(viaOctets.status).toBe(200);
    const octetMedia = ((await viaOctets.json()) as { result: { data: MediaAttachment } }).result.data;
    const called = await h.caller(ada.token).media.upload(new Blob([await jpeg(160, 120)]));
    for (const media of [formMedia, octetMedia, called]) {
      const done = media.state === 'processing' ? await settled(h, ada, media.id) : media;
      expect(done).toMatchObject({ state: 'ready', type: 'image/jpeg', width: 160, height: 120 });
    }
  });

  it.skipIf(skip)('refuses what is not an image (415), a body over the cap (413), and keeps no row', async () => {
    const ada = await h.user();
    const rows = async () =>
      (
        await h.orm.em
          .fork()
          .execute<[{ n: number }]>(`select count(*)::int as n from media where owner_id = ${ada.id}`)
      )[0].n;
    // A lying content-type: the bytes are SVG.
    const svg = await post(h, ada, SVG_WITH_SCRIPT, 'image/png');
    expect(svg.status).toBe(415);
    expect(await svg.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const text = await post(h, ada, 'hello', 'text/plain');
    expect(text.status).toBe(415);
    // Over the upload cap (not the 1 MB of JSON bodies), declared or streamed (chunked), and just over it:
    // the cap of http.ts and the procedure's own.
    const big = Buffer.concat([await jpeg(), Buffer.alloc(MAX_BYTES)]);
    const justOver = big.subarray(0, MAX_BYTES + 1);
    for (const [body, declare] of [
      [big, true],
      [big, false],
      [justOver, true],
      [justOver, false],
    ] as const) {
      const refused = await postAlone(h, ada, body, declare);
      expect(refused.status, refused.body).toBe(413);
      expect(JSON.parse(refused.body)).toEqual({
        message: `The image is larger than ${MAX_BYTES} bytes`,
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    expect(await rows()).toBe(0);
    // More than the 1 MB of JSON bodies is an upload like any other (noise at full quality: few pixels, many bytes).
    const large = await noise(700, 600).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(large.length).toBeGreaterThan(1024 * 1024);
    expect(large.length).toBeLessThan(MAX_BYTES);
    expect((await ready(h, ada, await post(h, ada, large, 'image/jpeg'))).width).toBe(700);
  });

  it.skipIf(skip)(
    'answers 202 while the image waits its turn, and GET /media/{id} tells when it is ready',
    async () => {
      const [ada, bob] = [await h.user(), await h.user()];
      await whileProcessing(h, bob, async (release) => {
        const answer = await post(h, ada, await jpeg(160, 120), 'image/jpeg');
        expect(answer.status).toBe(202);
        const pending = (await answer.json()) as MediaAttachment;
        expect(pending).toMatchObject({ state: 'processing', url: null, previewUrl: null, width: null });
        expect((await h.request('GET', `/media/${pending.id}`, { token: ada.token })).body.state).toBe('processing');
        release();
        expect(await settled(h, ada, pending.id)).toMatchObject({ state: 'ready', width: 160 });
      });
    },
  );
});
