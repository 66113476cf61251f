import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** The content types a store keeps, by a key's extension: the processor's outputs only. */
export const CONTENT_TYPES = { jpg: 'image/jpeg', webp: 'image/webp' } as const;
export type MediaExtension = keyof typeof CONTENT_TYPES;

/** 128 random bits, URL-safe, then the extension: a key names nothing and cannot be guessed. */
const KEY = /^[A-Za-z0-9_-]{22}\.(jpg|webp)$/;

/** A new unguessable key for a file of `extension`. */
export function newMediaKey(extension: MediaExtension): string {
  return `${randomBytes(16).toString('base64url')}.${extension}`;
}

/** Whether `key` is one newMediaKey made: nothing else reaches a store (no paths, no traversal). */
export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1) as MediaExtension];
}

/** Bytes `start` to `end` inclusive (HTTP's form), or the last `suffix` bytes. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface StoredObject {
  body: Readable;
  contentType: string;
  /** The whole object's size. */
  size: number;
  /** The bytes sent, inclusive, when a range was asked for. */
  range?: { start: number; end: number };
  /** A strong validator: a key's bytes never change, so it changes only if the object is replaced. */
  etag: string;
}

/**
 * How old an object no media row names must be to be deleted as an orphan (sweeper.ts): an upload
 * writes its files before its row names them, and MEDIA_READY refuses a row older than this, so a
 * younger one may be an upload under way.
 */
export const ORPHAN_GRACE_SECONDS = 3600;

/** A key as a store lists it. */
export interface ListedObject {
  key: string;
  modified: Date;
}

/**
 * Where processed images live. Objects are immutable: a key is written once (put), read any number
 * of times, and deleted; every method takes a key from newMediaKey and refuses any other.
 * Implementations: FsMediaStore (under DATA_DIR, the default) and S3MediaStore.
 */
export interface MediaStore {
  readonly kind: 'fs' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object, or a part of it; null when there is none; 'unsatisfiable' when the range starts past its end. */
  get(key: string, range?: ByteRange): Promise<StoredObject | 'unsatisfiable' | null>;
  /** Deletes the object; deleting one that is not there is no error (a retry, a racing node). */
  delete(key: string): Promise<void>;
  /** Every key, in no set order: for sweepers and for tests that count the store against the database. */
  keys(): AsyncIterable<string>;
  /** At most `limit` keys after `after` (all from the first when undefined), in key order, with when each was written. */
  list(after: string | undefined, limit: number): Promise<ListedObject[]>;
  close(): Promise<void>;
}

export class InvalidMediaKey extends Error {
  override name = 'InvalidMediaKey';
  constructor(key: string) {
    super(`Not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

export function checkKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKey(key);
}

/** A range as first and last byte of an object of `size`, or undefined past its end. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return undefined;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}
