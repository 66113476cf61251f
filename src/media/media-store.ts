import { resolve } from 'node:path';
import { ConfigError, type Config } from '../platform/config.js';
import { FsMediaStore } from './fs-store.js';
import { S3MediaStore } from './s3-store.js';
import type { MediaStore } from './store.js';

type MediaConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'MEDIA_STORAGE'
  | 'MEDIA_S3_ENDPOINT'
  | 'MEDIA_S3_REGION'
  | 'MEDIA_S3_BUCKET'
  | 'MEDIA_S3_ACCESS_KEY_ID'
  | 'MEDIA_S3_SECRET_ACCESS_KEY'
  | 'MEDIA_S3_FORCE_PATH_STYLE'
>;

/** The store MEDIA_STORAGE names, from the configuration. */
export function mediaStoreFrom(config: MediaConfig): MediaStore {
  if (config.MEDIA_STORAGE === 'fs') return new FsMediaStore(resolve(config.DATA_DIR, 'media'));
  if (!config.MEDIA_S3_BUCKET)
    throw new ConfigError('Invalid configuration:\n  MEDIA_S3_BUCKET: required with MEDIA_STORAGE=s3');
  if (!config.MEDIA_S3_ACCESS_KEY_ID !== !config.MEDIA_S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: set both, or neither',
    );
  return new S3MediaStore({
    ...(config.MEDIA_S3_ENDPOINT ? { endpoint: config.MEDIA_S3_ENDPOINT } : {}),
    region: config.MEDIA_S3_REGION,
    bucket: config.MEDIA_S3_BUCKET,
    ...(config.MEDIA_S3_ACCESS_KEY_ID ? { accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID } : {}),
    ...(config.MEDIA_S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
  });
}
