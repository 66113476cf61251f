import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { jpeg } from './images.js';
import { skipped, storagesOfThisFile, useMediaHarness } from './storages.js';

/** GET /media/files/<key>: the stored files, served by the service from either store. */

describe.each(storagesOfThisFile())('files served from %s', (storage) => {
  const h = useMediaHarness(storage);
  const skip = skipped(storage);

  /** An uploaded JPEG, ready. */
  async function upload(): Promise<MediaAttachment> {
    const ada = await h.user();
    const media = await h.caller(ada.token).media.upload(new Blob([await jpeg(480, 360)]));
    if (media.state === 'ready') return media;
    for (;;) {
      const now = await h.caller(ada.token).media.get({ id: media.id });
      if (now.state !== 'processing') return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // One upload for the block: its tests only read the files (made by the first test that asks).
  let first: Promise<MediaAttachment> | undefined;
  const uploaded = () => (first ??= upload());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${h.baseUrl}${path}`, { method, headers });

  it.skipIf(skip)('whole: its stored type (whatever was asked), a strong ETag, immutable, nosniff', async () => {
    const media = await uploaded();
    const answer = await get(media.url!, { accept: 'text/html' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const etag = answer.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 360 });
    const preview = await get(media.previewUrl!);
    expect((await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).width).toBe(400);
    // Revalidation, and HEAD.
    const again = await get(media.url!, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await get(media.url!, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(await head.text()).toBe('');
  });

  it.skipIf(skip)('a byte range is 206 with Content-Range; past the end is 416', async () => {
    const media = await uploaded();
    const whole = Buffer.from(await (await get(media.url!)).arrayBuffer());
    const size = whole.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, size - 1],
      ['bytes=-10', size - 10, size - 1],
      [`bytes=10-${size + 500}`, 10, size - 1],
    ] as const) {
      const part = await get(media.url!, { range });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${size}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(start, end + 1)), range).toBe(true);
    }
    const past = await get(media.url!, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(await past.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
    // Several ranges, or nonsense: the whole file.
    const several = await get(media.url!, { range: 'bytes=0-1,5-6' });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(size);
  });

  it.skipIf(skip)('conditions as RFC 9110 has them: If-None-Match weak and *, If-Range', async () => {
    const media = await uploaded();
    const whole = await get(media.url!);
    const etag = whole.headers.get('etag')!;
    const size = (await whole.arrayBuffer()).byteLength;
    // If-None-Match compares weakly, and * matches any file there is.
    for (const condition of [`W/${etag}`, '*', `"other", ${etag}`]) {
      const again = await get(media.url!, { 'if-none-match': condition });
      expect(again.status, condition).toBe(304);
      expect(await again.text()).toBe('');
    }
    expect((await get(media.url!, { 'if-none-match': '"other"' })).status).toBe(200);
    // If-Range is strong: a range of the file it names is 206; of any other version, the whole file.
    const resumed = await get(media.url!, { range: 'bytes=0-9', 'if-range': etag });
    expect(resumed.status).toBe(206);
    expect((await resumed.arrayBuffer()).byteLength).toBe(10);
    for (const stale of ['"other"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const fresh = await get(media.url!, { range: 'bytes=0-9', 'if-range': stale });
      expect(fresh.status, stale).toBe(200);
      expect(fresh.headers.get('content-range'), stale).toBeNull();
      expect((await fresh.arrayBuffer()).byteLength, stale).toBe(size);
    }
  });

  it.skipIf(skip)('anything but a stored key is 404, and a URL names only the key', async () => {
    const media = await uploaded();
    expect(media.url).toMatch(/^\/media\/files\/[A-Za-z0-9_-]{22}\.jpg$/);
    for (const path of [
      '/media/files/AAAAAAAAAAAAAAAAAAAAAA.jpg',
      '/media/files/..%2F..%2Fetc%2Fpasswd',
      '/media/files/x.svg',
      `${media.url!.slice(0, -3)}webp`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
