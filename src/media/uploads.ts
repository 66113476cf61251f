import type { SessionUser } from '../auth/authenticate.js';
import { notFound, tooMany } from '../platform/errors.js';
import type { OrmContext } from '../trpc/trpc.js';
import {
  deleteUnstoredMedia,
  insertMedia,
  MEDIA_NOT_FOUND,
  updateMediaFailed,
  updateAvatarReady,
  updateMediaReady,
  type MediaRow,
} from './media.queries.js';
import type { MediaAttachment, UploadFields } from './media.schemas.js';
import { imageTooLarge, processImage, UNSUPPORTED_IMAGE, type ImageUse } from './process-image.js';
import { bodyCutError, readCapped } from './read-capped.js';
import type { ProcessingPlace } from './processor.js';
import { sniffImageType } from './sniff.js';
import { newMediaKey } from './store.js';
import { deleteGoneFilesSoon } from './sweeper.js';
import { TRPCError } from '@trpc/server';

export const DAILY_QUOTA_FULL = 'Daily upload quota reached (MEDIA_DAILY_FILES, MEDIA_DAILY_BYTES); see Retry-After';

const secondsToUtcMidnight = (now = Date.now()) => Math.max(1, Math.ceil((86_400_000 - (now % 86_400_000)) / 1000));

/** A media row as answers show it, its URLs under `urlBase`. */
export function attachmentOf(row: MediaRow, urlBase: string): MediaAttachment {
  return {
    id: row.id,
    state: row.state,
    type: row.type,
    url: row.fileKey && `${urlBase}${row.fileKey}`,
    previewUrl: row.previewKey && `${urlBase}${row.previewKey}`,
    width: row.width,
    height: row.height,
    blurhash: row.blurhash,
    description: row.description,
  };
}

/**
 * The file's bytes, at most `maxBytes` (413 past that, having read no more than that and a chunk);
 * never those of a body that was cut (a FormData parsed from its truncated bytes included).
 */
async function bytesOf(file: UploadFields['file'], maxBytes: number, cut?: AbortSignal): Promise<Buffer> {
  if (!(file instanceof Blob)) return readCapped(file, maxBytes, cut);
  if (cut?.aborted) throw bodyCutError(cut);
  if (file.size > maxBytes) throw imageTooLarge(maxBytes);
  return Buffer.from(await file.arrayBuffer());
}

/**
 * `place`: the upload's place in the processing queue, taken before its body was read; `bodyCut`:
 * over HTTP, aborted when its body will not arrive whole.
 */
type UploadContext = OrmContext & { user: SessionUser; place: ProcessingPlace; bodyCut?: AbortSignal };

/**
 * Takes an upload: its bytes capped, its type sniffed (415 before any row or decoding), a row
 * written (processing), then processed and stored in the processor's bounded queue. The answer
 * waits up to `answerWaitMs` for that: ready, or still processing (the row says how it ends). A
 * refusal or a bad image found within the wait answers its 4xx and leaves no row. An avatar
 * becomes the caller's avatar as it turns ready, whenever that is, and the one before goes.
 */
export async function uploadMedia(
  ctx: UploadContext,
  { file, description = '' }: UploadFields,
  use: ImageUse = 'post',
): Promise<MediaAttachment> {
  const { media, orm, config, logger } = ctx.services;
  // A refusal before processAndStore uses the place gives it back (the procedure's middleware).
  const bytes = await bytesOf(file, config.MEDIA_MAX_BYTES, ctx.bodyCut);
  if (!sniffImageType(bytes)) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_IMAGE });
  const row = await insertMedia(ctx.em, ctx.user.userId, bytes.length, description, {
    files: config.MEDIA_DAILY_FILES,
    bytes: config.MEDIA_DAILY_BYTES,
  });
  if (!row) throw tooMany(secondsToUtcMidnight(), 'media-quota', DAILY_QUOTA_FULL);
  const job = processAndStore(ctx, row.id, bytes, ctx.place, use);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), media.answerWaitMs)),
  );
  try {
    const ready = await Promise.race([job, waited]);
    if (ready) return attachmentOf(ready, media.urlBase);
  } catch (error) {
    await deleteUnstoredMedia(orm, row.id);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const background = job.catch(async (error: unknown) => {
    logger.warn({ err: error, mediaId: row.id }, 'media processing failed after its answer');
    await updateMediaFailed(orm, row.id);
  });
  media.inBackground.add(background);
  void background.finally(() => media.inBackground.delete(background));
  return attachmentOf(row, media.urlBase);
}

async function processAndStore(
  { services: { orm, media, config, logger }, user }: UploadContext,
  id: number,
  bytes: Buffer,
  place: ProcessingPlace,
  use: ImageUse,
): Promise<MediaRow> {
  const { full, preview, blurhash } = await (use === 'post'
    ? place.process(bytes)
    : place.run(() =>
        processImage(bytes, { maxBytes: config.MEDIA_MAX_BYTES, maxPixels: config.MEDIA_MAX_PIXELS }, use),
      ));
  const fileKey = newMediaKey(full.extension);
  const previewKey = newMediaKey(preview.extension);
  const deleteFiles = () => Promise.allSettled([media.store.delete(fileKey), media.store.delete(previewKey)]);
  try {
    await Promise.all([media.store.put(fileKey, full.bytes), media.store.put(previewKey, preview.bytes)]);
    const processed = {
      type: full.contentType,
      fileKey,
      previewKey,
      width: full.width,
      height: full.height,
      blurhash,
    };
    const ready =
      use === 'post'
        ? await updateMediaReady(orm, id, processed)
        : await updateAvatarReady(orm, user.userId, id, processed, media.urlBase);
    // The avatar it replaced has files to delete.
    if (ready && use === 'avatar') deleteGoneFilesSoon(orm, media, logger);
    if (ready) return ready;
  } catch (error) {
    await deleteFiles();
    throw error;
  }
  // The row went while the image was processed (its owner's account was deleted), or is past the
  // orphans' grace: nothing refers to the files.
  await deleteFiles();
  throw notFound(MEDIA_NOT_FOUND);
}
