import { pipeline } from 'node:stream/promises';
import type { RequestHandler, Response } from 'express';
import type { ApiErrorBody } from '../platform/errors.js';
import type { AppServices } from '../trpc/trpc.js';
import { MEDIA_FILES_PATH } from './fs-store.js';
import { isMediaKey, type ByteRange, type MediaStore, type StoredObject } from './store.js';

/** The Express path of the files route. */
export const MEDIA_FILES_ROUTE = `${MEDIA_FILES_PATH}:key`;
/** The paths that route matches (Express's: any case, a trailing slash). */
export const MEDIA_FILE_PATH = new RegExp(`^${MEDIA_FILES_PATH}[^/]+/?$`, 'i');

/** A key's bytes never change: any cache may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * One range, as `bytes=first-last`, `bytes=first-` or `bytes=-suffix`; anything else (several ranges,
 * another unit, bad syntax) is ignored and the whole file sent, as RFC 9110 allows.
 */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header && /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return { suffix: Number(match[2]) };
  return match[2] === '' ? { start: Number(match[1]) } : { start: Number(match[1]), end: Number(match[2]) };
}

const sendError = (res: Response, status: number, body: ApiErrorBody) => res.status(status).json(body);

/** If-None-Match holds back the file: `*`, or any of its tags by weak comparison (W/ ignored). */
function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => strip(tag) === strip(etag));
}

/**
 * The object as asked: its range, unless If-Range (a strong comparison) names another version; then
 * the whole file (RFC 9110, 13.1.5). A date never names this one, as no Last-Modified is sent.
 */
async function objectFor(
  store: MediaStore,
  key: string,
  range: ByteRange | undefined,
  ifRange: string | undefined,
): Promise<StoredObject | 'unsatisfiable' | null> {
  const found = await store.get(key, range);
  if (!range || ifRange === undefined || found === null) return found;
  if (found !== 'unsatisfiable' && found.etag === ifRange) return found;
  if (found !== 'unsatisfiable') found.body.destroy();
  const whole = await store.get(key);
  if (found === 'unsatisfiable' && whole && whole !== 'unsatisfiable' && whole.etag === ifRange) {
    whole.body.destroy();
    return 'unsatisfiable';
  }
  return whole;
}

/**
 * GET /media/files/<key>: a stored file from either store, so answers can name every file by a
 * stable URL. Its content type is the stored one (by its key), never the request's; with a strong
 * ETag (If-None-Match, If-Range), immutable caching, one byte range (206, or 416 past the end), nosniff, and readable from
 * other origins' pages (Cross-Origin-Resource-Policy). A key reveals nothing; anything else is 404.
 */
export function mediaFilesRoute(services: AppServices): RequestHandler {
  return async (req, res) => {
    const key = req.params.key as string;
    if (!isMediaKey(key)) return void sendError(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
    const range = parseRange(req.headers.range);
    let found: StoredObject | 'unsatisfiable' | null;
    try {
      found = await objectFor(services.media.store, key, range, req.get('if-range')?.trim());
      if (found === 'unsatisfiable') {
        const whole = await services.media.store.get(key);
        if (whole && whole !== 'unsatisfiable') {
          whole.body.destroy();
          res.setHeader('Content-Range', `bytes */${whole.size}`);
        }
        return void sendError(res, 416, { message: 'Range not satisfiable', code: 'RANGE_NOT_SATISFIABLE' });
      }
    } catch (error) {
      services.logger.warn({ err: error }, 'media store read failed');
      return void sendError(res, 503, {
        message: 'The media store is unavailable; retry later',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    if (!found) return void sendError(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
    res.setHeader('Content-Type', found.contentType);
    res.setHeader('ETag', found.etag);
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (matchesNoneMatch(req.headers['if-none-match'], found.etag)) {
      found.body.destroy();
      return void res.status(304).end();
    }
    if (found.range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${found.range.start}-${found.range.end}/${found.size}`);
      res.setHeader('Content-Length', String(found.range.end - found.range.start + 1));
    } else res.setHeader('Content-Length', String(found.size));
    if (req.method === 'HEAD') {
      found.body.destroy();
      return void res.end();
    }
    // A client gone, or a store failing mid-file: the answer is cut (its length tells the client).
    await pipeline(found.body, res).catch(() => res.destroy());
  };
}
