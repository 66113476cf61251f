import { TRPCError } from '@trpc/server';
import { decode as decodeBlurhash, isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEDIA_MAX_BYTES,
  DEFAULT_MEDIA_MAX_PIXELS,
  FULL_MAX_SIDE,
  PREVIEW_MAX_SIDE,
  processImage,
} from '../../src/media/process-image.js';
import { readCapped } from '../../src/media/read-capped.js';
import { sniffImageType } from '../../src/media/sniff.js';
import {
  HTML,
  jpeg,
  jpegHtmlPolyglot,
  jpegWithGps,
  noise,
  png,
  pngHeaderOnly,
  pngHtmlPolyglot,
  SVG_WITH_SCRIPT,
} from './images.js';

const limits = { maxBytes: DEFAULT_MEDIA_MAX_BYTES, maxPixels: DEFAULT_MEDIA_MAX_PIXELS };

/** The TRPCError processImage refused with: its code and message. */
async function refusal(bytes: Buffer, within = limits): Promise<{ code: string; message: string }> {
  const error = await processImage(bytes, within).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, 'refused').toBeInstanceOf(TRPCError);
  return { code: (error as TRPCError).code, message: (error as TRPCError).message };
}

describe('image types, read from the bytes', () => {
  it.each([
    ['jpeg', () => noise(40, 30).jpeg().toBuffer()],
    ['png', () => noise(40, 30).png().toBuffer()],
    ['webp', () => noise(40, 30).webp().toBuffer()],
    ['gif', () => noise(40, 30).gif().toBuffer()],
    ['avif', () => noise(40, 30).avif().toBuffer()],
  ] as const)('%s is accepted and re-encoded', async (type, make) => {
    const image = await processImage(await make(), limits);
    expect(image.sourceType).toBe(type);
    expect(image.full).toMatchObject({ width: 40, height: 30, contentType: 'image/jpeg' });
    expect((await sharp(image.full.bytes).metadata()).format).toBe('jpeg');
  });

  it('keeps transparency (WebP) where the image has an alpha channel', async () => {
    const image = await processImage(await png(40, 30), limits);
    expect(image.full.contentType).toBe('image/webp');
    expect((await sharp(image.full.bytes).metadata()).hasAlpha).toBe(true);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    // Three frames of 20×60: red, blue, green.
    const colour = (hex: string) =>
      sharp({ create: { width: 20, height: 60, channels: 3, background: hex } })
        .png()
        .toBuffer();
    const frames = [await colour('#ff0000'), await colour('#0000ff'), await colour('#00ff00')];
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const image = await processImage(animated, limits);
    expect(image.full).toMatchObject({ width: 20, height: 60 });
    const { dominant } = await sharp(image.full.bytes).stats();
    expect(dominant.r).toBeGreaterThan(200);
    expect(dominant.b).toBeLessThan(50);
  });

  it('SVG (with a script), HTML, text and other formats are 415, whatever they claim to be', async () => {
    const tiff = await noise(20, 20).tiff().toBuffer();
    for (const bytes of [SVG_WITH_SCRIPT, Buffer.from(HTML), Buffer.from('just text'), tiff, Buffer.alloc(0)])
      expect(await refusal(bytes)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('libvips itself loads no other format in this process (SVG, TIFF)', async () => {
    const tiff = await noise(20, 20).tiff().toBuffer();
    for (const bytes of [SVG_WITH_SCRIPT, tiff])
      await expect(sharp(bytes).metadata()).rejects.toThrow('unsupported image format');
  });

  it('a lying content-type changes nothing: the type comes from the bytes alone', async () => {
    // processImage takes no declared type at all: a PNG sent as image/jpeg is a PNG, HTML sent as image/png is HTML.
    expect(sniffImageType(await png(10, 10))).toBe('png');
    expect(sniffImageType(Buffer.from(HTML))).toBeUndefined();
    // An image signature later in the file does not count: HTML first, a PNG after it.
    expect(sniffImageType(Buffer.concat([Buffer.from(HTML), await png(10, 10)]))).toBeUndefined();
    // A PNG signature on bytes libvips reads as something else is refused too.
    expect(await refusal(Buffer.concat([(await png(10, 10)).subarray(0, 8), SVG_WITH_SCRIPT]))).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
  });
});

describe('a hostile upload', () => {
  it('a decompression bomb (50,000×50,000 in its header) is refused from the header, before decoding', async () => {
    const bomb = pngHeaderOnly(50_000, 50_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await refusal(bomb)).toEqual({
      code: 'UNPROCESSABLE_CONTENT',
      message: `The image is 50000×50000 pixels, more than ${DEFAULT_MEDIA_MAX_PIXELS} (MEDIA_MAX_PIXELS)`,
    });
    // The cap is the configured one: a small image over a small cap is refused the same way.
    expect(await refusal(await jpeg(200, 100), { ...limits, maxPixels: 19_999 })).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
    });
  });

  it('a polyglot (a valid image that is also HTML) keeps none of its HTML', async () => {
    for (const polyglot of [await pngHtmlPolyglot(), await jpegHtmlPolyglot()]) {
      expect(polyglot.includes('<script>')).toBe(true);
      const image = await processImage(polyglot, limits);
      for (const rendition of [image.full, image.preview]) {
        expect(rendition.bytes.includes('<script')).toBe(false);
        expect(rendition.bytes.includes('<html')).toBe(false);
      }
    }
  });

  it('a JPEG with GPS EXIF is stored without any metadata, turned upright first', async () => {
    const photo = await jpegWithGps(300, 100);
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(photo.includes('Jane Owner')).toBe(true);
    const image = await processImage(photo, limits);
    // Orientation 6 is a quarter turn: the stored image is 100 wide and 300 high.
    expect(image.full).toMatchObject({ width: 100, height: 300 });
    for (const rendition of [image.full, image.preview]) {
      const after = await sharp(rendition.bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      for (const text of ['Exif\0\0', 'Jane Owner', 'FeedlineCam', 'Secret Model'])
        expect(rendition.bytes.includes(text)).toBe(false);
    }
  });

  it('a truncated file is 422', async () => {
    for (const whole of [await jpeg(160, 120), await png(160, 120)])
      expect(await refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toEqual({
        code: 'UNPROCESSABLE_CONTENT',
        message: 'The image cannot be decoded: it is truncated or damaged',
      });
  });

  it('over MEDIA_MAX_BYTES is 413 before anything else is looked at', async () => {
    expect(await refusal(Buffer.alloc(DEFAULT_MEDIA_MAX_BYTES + 1))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const small = await jpeg(64, 64);
    expect(await refusal(small, { ...limits, maxBytes: small.length - 1 })).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('a 100 MB body is read no further than the cap and a chunk', async () => {
    let read = 0;
    const chunkBytes = 64 * 1024;
    function* hundredMegabytes() {
      for (let sent = 0; sent < 100 * 1024 * 1024; sent += chunkBytes) {
        read += chunkBytes;
        yield new Uint8Array(chunkBytes);
      }
    }
    await expect(readCapped(hundredMegabytes(), DEFAULT_MEDIA_MAX_BYTES)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(read).toBeLessThanOrEqual(DEFAULT_MEDIA_MAX_BYTES + chunkBytes);
    const body = Buffer.from('0123456789');
    expect(await readCapped([body.subarray(0, 4), body.subarray(4)], 10)).toEqual(body);
  });
});

describe('renditions', () => {
  it('at most 2048 px on the long side, a 400 px preview, and a blurhash of the image', async () => {
    // One colour: the sizes do not depend on the pixels, and noise this large is slow to make and to decode.
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const image = await processImage(wide, limits);
    expect(image.full).toMatchObject({ width: FULL_MAX_SIDE, height: 683 });
    expect(image.preview).toMatchObject({ width: PREVIEW_MAX_SIDE, height: 133 });
    expect(isBlurhashValid(image.blurhash).result).toBe(true);
    expect(decodeBlurhash(image.blurhash, 4, 3)).toHaveLength(4 * 3 * 4);
  });

  it('small images are not enlarged', async () => {
    const image = await processImage(await jpeg(120, 80), limits);
    expect(image.full).toMatchObject({ width: 120, height: 80 });
    expect(image.preview).toMatchObject({ width: 120, height: 80 });
  });

  it('a solid colour gives the blurhash of that colour', async () => {
    const red = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const pixels = decodeBlurhash((await processImage(red, limits)).blurhash, 1, 1);
    expect([...pixels.subarray(0, 3)].map((v) => Math.round(v / 8))).toEqual([32, 0, 0]);
  });
});
