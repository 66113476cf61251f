import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/** Images for the media tests, made here: nothing is downloaded or checked in. */

/** A noisy image (noise survives compression, so truncating it cuts real data). */
export function noise(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  return sharp({
    create: { width, height, channels, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  });
}

/**
 * Each image is made once per worker and shared: making one is much of a small upload's cost, and
 * the tests only read them (a caller that changes the bytes copies them first). Small by default.
 */
const made = new Map<string, Promise<Buffer>>();
function once(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let image = made.get(name);
  if (!image) made.set(name, (image = make()));
  return image;
}

export const jpeg = (width = 160, height = 120) =>
  once(`jpeg ${width}×${height}`, () => noise(width, height).jpeg().toBuffer());
export const png = (width = 160, height = 120) =>
  once(`png ${width}×${height}`, () => noise(width, height, 4).png().toBuffer());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header says width×height, with a few bytes of data: a decompression bomb's front. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A valid PNG that is also an HTML page: the page in a text chunk and again after IEND. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const image = await png(64, 64);
  const iend = image.length - 12;
  const text = chunk('tEXt', Buffer.from(`Comment\0${HTML}`, 'latin1'));
  return Buffer.concat([image.subarray(0, iend), text, image.subarray(iend), Buffer.from(HTML)]);
}

/** A valid JPEG with the page in a comment segment right after its start marker. */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const image = await jpeg(64, 64);
  const comment = Buffer.from(HTML, 'latin1');
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
    comment,
  ]);
  return Buffer.concat([image.subarray(0, 2), segment, image.subarray(2)]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
);

/** A JPEG taken somewhere: GPS coordinates, a camera and an owner in its EXIF, turned 90° by orientation 6. */
export function jpegWithGps(width = 300, height = 100): Promise<Buffer> {
  return noise(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'FeedlineCam', Model: 'Secret Model 9', Artist: 'Jane Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2652/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3946/100',
      },
    })
    .toBuffer();
}
