import type { Config } from '../platform/config.js';
import { MEDIA_FILES_PATH } from './fs-store.js';
import { mediaStoreFrom } from './media-store.js';
import { MediaProcessor, type ProcessingPlace } from './processor.js';
import { S3MediaStore } from './s3-store.js';
import type { MediaStore } from './store.js';

declare module '../trpc/trpc.js' {
  interface AppServices {
    /** Where images are stored and how they are processed (docs/media.md). */
    media: MediaServices;
  }
  interface Context {
    /** Over HTTP, an upload's processing place, taken before its body was read (src/http/upload-gate.ts). */
    processingPlace?: ProcessingPlace;
    /** Over HTTP, an upload's body: aborted when it will not arrive whole (src/http/upload-body.ts). */
    bodyCut?: AbortSignal;
  }
}

/** How long an upload's answer waits for its processing: past that it answers 202, still processing. */
export const MEDIA_ANSWER_WAIT_MS = 2_000;

export interface MediaServices {
  store: MediaStore;
  processor: MediaProcessor;
  /** What answers put before a key: MEDIA_PUBLIC_URL, or the service's own path for its files. */
  urlBase: string;
  /** See MEDIA_ANSWER_WAIT_MS (tests set 0 to see a 202). */
  answerWaitMs: number;
  /** Upload calls reading their input or processing before their answer (for tests and metrics). */
  uploadsUnderWay: Set<Promise<unknown>>;
  /** Processing still running after its answer, so a shutdown (or a test) can wait for it. */
  inBackground: Set<Promise<unknown>>;
}

/**
 * The store and processor MEDIA_* configure. Answers name files by a stable URL: MEDIA_PUBLIC_URL (a
 * CDN, a public bucket) + key, else the service's /media/files/<key>, which serves the file from
 * either store, so an answer (a post's denormalized media too) never holds an expiring presigned URL.
 */
export function createMediaServices(config: Config): MediaServices {
  const publicUrl = config.MEDIA_PUBLIC_URL;
  return {
    store: mediaStoreFrom(config),
    processor: new MediaProcessor({
      maxBytes: config.MEDIA_MAX_BYTES,
      maxPixels: config.MEDIA_MAX_PIXELS,
      concurrency: config.MEDIA_PROCESS_MAX,
      queueMax: config.MEDIA_QUEUE_MAX,
      perUser: config.MEDIA_QUEUE_PER_USER,
    }),
    urlBase: publicUrl ? (publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`) : MEDIA_FILES_PATH,
    answerWaitMs: MEDIA_ANSWER_WAIT_MS,
    inBackground: new Set(),
    uploadsUnderWay: new Set(),
  };
}

/** Makes the store ready to use (an S3 bucket created when missing). */
export async function openMediaServices(media: MediaServices): Promise<void> {
  if (media.store instanceof S3MediaStore) await media.store.ensureBucket();
}

/** Waits for processing still running, then closes the store. */
export async function closeMediaServices(media: MediaServices): Promise<void> {
  await Promise.allSettled([...media.inBackground]);
  await media.store.close();
}
