import { TRPCError } from '@trpc/server';
import { encode as encodeBlurhash } from 'blurhash';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { sniffImageType, type ImageType } from './sniff.js';

// libvips reads many more formats by their own signatures (SVG through librsvg, TIFF, …): in this
// process only the loaders of the accepted types may run, so a file that slips past the sniffing
// still reaches no other parser.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpeg',
    'VipsForeignLoadPng',
    'VipsForeignLoadWebp',
    'VipsForeignLoadNsgif',
    'VipsForeignLoadHeif',
  ],
});

/** The most bytes an upload may have, by default (MEDIA_MAX_BYTES). */
export const DEFAULT_MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The most decoded pixels of an upload, by default (MEDIA_MAX_PIXELS): a 50 MP phone camera fits. */
export const DEFAULT_MEDIA_MAX_PIXELS = 60_000_000;
/** The long side of a stored image, at most. */
export const FULL_MAX_SIDE = 2048;
/** The long side of a preview, at most. */
export const PREVIEW_MAX_SIDE = 400;
/** An avatar is a square this size (cropped to its middle, enlarged when smaller), its preview this size. */
export const AVATAR_SIDE = 400;
export const AVATAR_PREVIEW_SIDE = 128;

/** What an image is for: a post's (its shape kept) or an avatar (a square). */
export type ImageUse = 'post' | 'avatar';

export const UNSUPPORTED_IMAGE =
  'The file is not a JPEG, PNG, WebP, GIF or AVIF image (the type is read from its bytes)';
export const IMAGE_UNREADABLE = 'The image cannot be decoded: it is truncated or damaged';

export interface MediaLimits {
  maxBytes: number;
  maxPixels: number;
}

/** A 413: larger than the bytes an upload may have. */
export const imageTooLarge = (maxBytes: number) =>
  new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: `The image is larger than ${maxBytes} bytes` });

/** One rendition: its bytes and what a client needs to show it. */
export interface Rendition {
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  /** The file name extension of contentType, for a store key. */
  extension: 'jpg' | 'webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** What the upload was, by its bytes. */
  sourceType: ImageType;
  full: Rendition;
  preview: Rendition;
  blurhash: string;
}

/**
 * Sniffs, checks and re-encodes an upload: the type from its bytes only (415 for anything else, SVG
 * included), bytes and decoded pixels capped (413, 422) from the header before anything is decoded,
 * EXIF orientation applied, every metadata block dropped, at most FULL_MAX_SIDE on the long side, a
 * PREVIEW_MAX_SIDE preview and a blurhash (an avatar: an AVATAR_SIDE square and an
 * AVATAR_PREVIEW_SIDE one). Only the first frame of a GIF (or animated WebP) is kept.
 * libvips decodes on libuv's threads: callers bound how many run at once (see MediaProcessor).
 */
export async function processImage(
  bytes: Buffer,
  limits: MediaLimits,
  use: ImageUse = 'post',
): Promise<ProcessedImage> {
  if (bytes.length > limits.maxBytes) throw imageTooLarge(limits.maxBytes);
  const sourceType = sniffImageType(bytes);
  if (!sourceType) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_IMAGE });

  const options: SharpOptions = { limitInputPixels: limits.maxPixels, failOn: 'warning', pages: 1 };
  let metadata: Metadata;
  try {
    // Only the header is read: the pixel cap is checked below, with its own message, and again by
    // libvips (limitInputPixels) when the pixels are decoded.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: IMAGE_UNREADABLE });
  }
  // libvips reads more than the signatures above (SVG, TIFF, HEIC…): what it found must be what was sniffed.
  const decodedAs = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
  if (decodedAs !== sourceType) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_IMAGE });
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  if (!width || !height) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: IMAGE_UNREADABLE });
  if (width * height > limits.maxPixels)
    throw new TRPCError({
      code: 'UNPROCESSABLE_CONTENT',
      message: `The image is ${width}×${height} pixels, more than ${limits.maxPixels} (MEDIA_MAX_PIXELS)`,
    });

  try {
    // rotate() applies the EXIF orientation; the output keeps no metadata (sharp's default), GPS included.
    // Decoded once into raw sRGB pixels; every rendition is encoded from those.
    const { data, info } = await sharp(bytes, options)
      .rotate()
      .resize(
        use === 'avatar'
          ? { width: AVATAR_SIDE, height: AVATAR_SIDE, fit: 'cover' }
          : { width: FULL_MAX_SIDE, height: FULL_MAX_SIDE, fit: 'inside', withoutEnlargement: true },
      )
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const opaque = !metadata.hasAlpha;
    // In turn, not at once: an image holds one libuv thread, so MediaProcessor's bound is the CPU's.
    const full = await encode(sharp(data, raw), opaque, FULL_MAX_SIDE);
    const preview = await encode(sharp(data, raw), opaque, use === 'avatar' ? AVATAR_PREVIEW_SIDE : PREVIEW_MAX_SIDE);
    const blurhash = await blurhashOf(sharp(data, raw));
    return { sourceType, full, preview, blurhash };
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: IMAGE_UNREADABLE });
  }
}

/** JPEG for opaque images (every client shows it), WebP where there is transparency to keep. */
async function encode(image: Sharp, opaque: boolean, maxSide: number): Promise<Rendition> {
  const resized = image.resize({
    width: maxSide,
    height: maxSide,
    fit: 'inside',
    withoutEnlargement: true,
  });
  const { data, info } = await (
    opaque ? resized.jpeg({ quality: 82, mozjpeg: true }) : resized.webp({ quality: 82 })
  ).toBuffer({ resolveWithObject: true });
  return opaque
    ? { bytes: data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
    : { bytes: data, contentType: 'image/webp', extension: 'webp', width: info.width, height: info.height };
}

/** 4×3 components, from a 32 px thumbnail: what Mastodon and most clients expect. */
async function blurhashOf(image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize({ width: 32, height: 32, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeBlurhash(new Uint8ClampedArray(data), info.width, info.height, 4, 3);
}
