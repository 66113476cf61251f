import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsMediaStore } from '../../src/media/fs-store.js';
import { mediaStoreFrom } from '../../src/media/media-store.js';
import { S3MediaStore } from '../../src/media/s3-store.js';
import { InvalidMediaKey, isMediaKey, newMediaKey, type MediaStore } from '../../src/media/store.js';
import { parseEnv } from '../../src/platform/config.js';
import { cephInstalled, type S3Endpoint } from '../support/ceph-rgw.js';
import { runS3, storagesOfThisFile } from './storages.js';

/**
 * The MediaStore contract, run against both stores: files under a folder, and a real S3 store (a
 * one-node Ceph RGW, the run's). Two instances of a store stand for two nodes.
 */

const missing = cephInstalled() ? undefined : 'Ceph is not installed (ceph-mon ceph-osd radosgw ceph-common)';
if (missing && process.env.CI !== 'true') console.warn(`S3 store tests skipped: ${missing}`);

interface Backend {
  /** A store on a fresh, empty root or bucket; `again` opens another instance on the same one (a second node). */
  open(): Promise<{ store: MediaStore; again: () => MediaStore }>;
  close(): Promise<void>;
}

const folders: string[] = [];
const fsBackend: Backend = {
  open() {
    const root = mkdtempSync(join(tmpdir(), 'feedline-media-'));
    folders.push(root);
    return Promise.resolve({ store: new FsMediaStore(root), again: () => new FsMediaStore(root) });
  },
  close() {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    return Promise.resolve();
  },
};

let rgw: S3Endpoint | undefined;
const s3Settings = (bucket: string) => ({
  endpoint: rgw!.endpoint,
  region: rgw!.region,
  bucket,
  accessKeyId: rgw!.accessKeyId,
  secretAccessKey: rgw!.secretAccessKey,
  forcePathStyle: true,
});
const s3Backend: Backend = {
  async open() {
    rgw ??= await runS3();
    const bucket = `media-${randomBytes(6).toString('hex')}`;
    const store = new S3MediaStore(s3Settings(bucket));
    await store.ensureBucket();
    return { store, again: () => new S3MediaStore(s3Settings(bucket)) };
  },
  close() {
    return Promise.resolve(); // its buckets go with the run's RGW
  },
};

const image = (bytes = 5000) => randomBytes(bytes);
async function keysOf(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys()) keys.push(key);
  return keys.sort();
}

describe('media keys', () => {
  it('are 128 random bits, URL-safe, with the extension; nothing else is a key', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newMediaKey('jpg')));
    expect(keys.size).toBe(2000);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}\.jpg$/);
    expect(isMediaKey(newMediaKey('webp'))).toBe(true);
    for (const key of ['../etc/passwd', 'a/b.jpg', `${'a'.repeat(22)}.svg`, `${'a'.repeat(22)}.jpg/..`, ''])
      expect(isMediaKey(key), key).toBe(false);
  });
});

const backends = { fs: fsBackend, s3: s3Backend } as const;

describe.each(storagesOfThisFile().map((storage) => [storage, backends[storage]] as const))(
  'the %s store',
  (name, backend) => {
    const skip = name !== 'fs' && missing !== undefined && process.env.CI !== 'true';
    let store: MediaStore;
    let again: () => MediaStore;
    beforeAll(async () => {
      if (skip) return;
      ({ store, again } = await backend.open());
    });
    afterAll(async () => {
      await store?.close();
      await backend.close();
    });

    it.skipIf(skip)('put, then get the same bytes with their content type; a missing key is null', async () => {
      const bytes = image();
      const key = newMediaKey('jpg');
      await store.put(key, bytes);
      const got = await store.get(key);
      expect(got).not.toBeNull();
      if (!got || got === 'unsatisfiable') return;
      expect(await buffer(got.body)).toEqual(bytes);
      expect(got).toMatchObject({ contentType: 'image/jpeg', size: bytes.length });
      expect(got.etag).toMatch(/^".+"$/);
      expect(got.range).toBeUndefined();
      expect(await store.get(newMediaKey('jpg'))).toBeNull();
      const webp = newMediaKey('webp');
      await store.put(webp, bytes);
      const webpGot = await store.get(webp);
      expect(webpGot).toMatchObject({ contentType: 'image/webp' });
      // A body nobody reads is destroyed, or its file stays open (Node 26 refuses to close it at GC).
      if (webpGot && webpGot !== 'unsatisfiable') webpGot.body.destroy();
    });

    it.skipIf(skip)('answers byte ranges: start-end, start-, the last n, and past the end', async () => {
      const bytes = image(1000);
      const key = newMediaKey('jpg');
      await store.put(key, bytes);
      const read = async (range: Parameters<MediaStore['get']>[1]) => {
        const got = await store.get(key, range);
        if (!got || got === 'unsatisfiable') return got;
        return { bytes: await buffer(got.body), range: got.range, size: got.size };
      };
      expect(await read({ start: 10, end: 19 })).toEqual({
        bytes: bytes.subarray(10, 20),
        range: { start: 10, end: 19 },
        size: 1000,
      });
      expect(await read({ start: 990 })).toEqual({
        bytes: bytes.subarray(990),
        range: { start: 990, end: 999 },
        size: 1000,
      });
      expect(await read({ suffix: 5 })).toEqual({
        bytes: bytes.subarray(995),
        range: { start: 995, end: 999 },
        size: 1000,
      });
      expect(await read({ start: 995, end: 5000 })).toMatchObject({ range: { start: 995, end: 999 } });
      expect(await read({ start: 1000 })).toBe('unsatisfiable');
    });

    it.skipIf(skip)('delete removes the object; deleting it again is no error', async () => {
      const key = newMediaKey('jpg');
      await store.put(key, image());
      await store.delete(key);
      expect(await store.get(key)).toBeNull();
      await expect(store.delete(key)).resolves.toBeUndefined();
      expect(await keysOf(store)).not.toContain(key);
    });

    it.skipIf(skip)('refuses anything but a media key, before touching the store', async () => {
      for (const key of ['../../etc/passwd', 'x.jpg', `${'a'.repeat(22)}.html`]) {
        await expect(store.put(key, image())).rejects.toBeInstanceOf(InvalidMediaKey);
        await expect(store.get(key)).rejects.toBeInstanceOf(InvalidMediaKey);
        await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidMediaKey);
      }
    });

    it.skipIf(skip)('two nodes share one store: what one writes the other reads, lists and deletes', async () => {
      const other = again();
      try {
        const keys = [newMediaKey('jpg'), newMediaKey('webp'), newMediaKey('jpg')];
        const bytes = keys.map(() => image(3000));
        await Promise.all(keys.map((key, i) => store.put(key, bytes[i]!)));
        const got = await other.get(keys[1]!);
        if (!got || got === 'unsatisfiable') throw new Error(`the other node sees ${got}`);
        expect(await buffer(got.body)).toEqual(bytes[1]);
        expect(await keysOf(other)).toEqual(expect.arrayContaining(keys));
        await other.delete(keys[0]!);
        expect(await store.get(keys[0]!)).toBeNull();
        const before = (await keysOf(store)).length;
        await Promise.all([store.delete(keys[2]!), other.delete(keys[2]!)]); // racing deletes
        expect(await keysOf(other)).toHaveLength(before - 1);
      } finally {
        await other.close();
      }
    });

    it.skipIf(skip)('counts exactly what it holds, over a page of listing', async () => {
      const fresh = await backend.open();
      try {
        const keys = Array.from({ length: 1050 }, () => newMediaKey('jpg'));
        for (let i = 0; i < keys.length; i += 50)
          await Promise.all(keys.slice(i, i + 50).map((key) => fresh.store.put(key, Buffer.from(key))));
        expect(await keysOf(fresh.store)).toEqual([...keys].sort());
      } finally {
        await fresh.store.close();
      }
    });
  },
);

describe('the fs store on disk', () => {
  it('writes whole files only: no partial file is left beside them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'feedline-media-'));
    try {
      const store = new FsMediaStore(root);
      const keys = Array.from({ length: 20 }, () => newMediaKey('jpg'));
      await Promise.all(keys.map((key) => store.put(key, image(20_000))));
      const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.map((file) => file.name).sort()).toEqual([...keys].sort());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('closes each file a read opened, read to the end, abandoned, or a range past the end', async () => {
    const root = mkdtempSync(join(tmpdir(), 'feedline-media-'));
    // Only the store's own files: the worker's other descriptors (pool sockets) come and go meanwhile.
    const openFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${root}/`);
        } catch {
          return false;
        }
      }).length;
    try {
      const store = new FsMediaStore(root);
      const key = newMediaKey('jpg');
      await store.put(key, image(100_000));
      const before = openFiles();
      for (let i = 0; i < 20; i++) {
        const whole = await store.get(key);
        const abandoned = await store.get(key, { start: 10 });
        if (!whole || whole === 'unsatisfiable' || !abandoned || abandoned === 'unsatisfiable')
          throw new Error('no file');
        await buffer(whole.body);
        abandoned.body.destroy();
        await new Promise((resolve) => abandoned.body.once('close', resolve));
        expect(await store.get(key, { start: 100_000 })).toBe('unsatisfiable');
      }
      expect(openFiles()).toBe(before);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a read opened before a delete reads the whole file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'feedline-media-'));
    try {
      const store = new FsMediaStore(root);
      const key = newMediaKey('jpg');
      const bytes = image(200_000);
      await store.put(key, bytes);
      const got = await store.get(key);
      await store.delete(key);
      if (!got || got === 'unsatisfiable') throw new Error(String(got));
      expect(await buffer(got.body)).toEqual(bytes);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the store the configuration names', () => {
  it('fs under DATA_DIR/media by default; s3 needs a bucket, and both keys or neither', () => {
    const fromEnv = (env: Record<string, string>) => mediaStoreFrom(parseEnv({ DATA_DIR: '/tmp/x', ...env }));
    expect(fromEnv({}).kind).toBe('fs');
    expect(() => fromEnv({ MEDIA_STORAGE: 's3' })).toThrow('MEDIA_S3_BUCKET: required with MEDIA_STORAGE=s3');
    expect(() => fromEnv({ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'media', MEDIA_S3_ACCESS_KEY_ID: 'a' })).toThrow(
      'set both, or neither',
    );
    expect(fromEnv({ MEDIA_STORAGE: 's3', MEDIA_S3_BUCKET: 'media' }).kind).toBe('s3');
  });
});
