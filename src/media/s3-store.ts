import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import {
  checkKey,
  contentTypeOf,
  isMediaKey,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type StoredObject,
} from './store.js';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Objects never change under a key: a cache anywhere may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/**
 * An S3 bucket (AWS, Ceph RGW, MinIO…): every node with the same settings shares one store.
 * Checksums only when required: with the SDK's default trailing checksums, stores that do not speak
 * aws-chunked (Ceph Pacific, several others) refuse streamed bodies with 411.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      region: settings.region,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      forcePathStyle: settings.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Creates the bucket when it is missing (tests, a first start against an empty store). */
  async ensureBucket(): Promise<void> {
    const Bucket = this.settings.bucket;
    try {
      await this.client.send(new HeadBucketCommand({ Bucket }));
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      await this.client.send(new CreateBucketCommand({ Bucket })).catch((raced: Error) => {
        // Another node created it first.
        if (raced.name !== 'BucketAlreadyOwnedByYou') throw raced;
      });
    }
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    checkKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: bytes,
        ContentType: contentTypeOf(key),
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | 'unsatisfiable' | null> {
    checkKey(key);
    const Range = range
      ? 'suffix' in range
        ? `bytes=-${range.suffix}`
        : `bytes=${range.start}-${range.end ?? ''}`
      : undefined;
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, ...(Range ? { Range } : {}) }),
      );
      const contentRange = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      const size = contentRange ? Number(contentRange[3]) : (answer.ContentLength ?? 0);
      return {
        body: answer.Body as Readable,
        contentType: contentTypeOf(key),
        size,
        etag: answer.ETag ?? `"${key}"`,
        ...(range && contentRange ? { range: { start: Number(contentRange[1]), end: Number(contentRange[2]) } } : {}),
      };
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === 416) return 'unsatisfiable';
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async *keys(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async list(after: string | undefined, limit: number): Promise<ListedObject[]> {
    // S3 lists keys in UTF-8 binary order; the keys' alphabet (base64url and a dot) is ASCII.
    const page = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.settings.bucket, MaxKeys: limit, StartAfter: after }),
    );
    return (page.Contents ?? []).flatMap((object) =>
      object.Key && isMediaKey(object.Key) && object.LastModified
        ? [{ key: object.Key, modified: object.LastModified }]
        : [],
    );
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}
