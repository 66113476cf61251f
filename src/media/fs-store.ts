import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  checkKey,
  contentTypeOf,
  isMediaKey,
  ORPHAN_GRACE_SECONDS,
  resolveRange,
  type ByteRange,
  type ListedObject,
  type MediaStore,
  type StoredObject,
} from './store.js';

/** A file `put` writes before renaming it to its key: the key, 12 hex digits, `.partial`. */
const PARTIAL = /^(.+)\.[0-9a-f]{12}\.partial$/;
const isPartial = (entry: string) => isMediaKey(PARTIAL.exec(entry)?.[1] ?? '');

/** The path the service serves stored files under when MEDIA_PUBLIC_URL is unset (fs only). */
export const MEDIA_FILES_PATH = '/media/files/';

/**
 * Files under `root` (DATA_DIR/media by default), in 256 folders by the key's first two characters so
 * no folder grows too long. A file is written beside its final name and renamed into place, so a
 * reader never sees part of one; several processes (or nodes on a shared volume) can share a root.
 */
export class FsMediaStore implements MediaStore {
  readonly kind = 'fs';

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    checkKey(key);
    return join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true });
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    const file = await open(partial, 'wx', 0o644);
    try {
      await file.writeFile(bytes);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(partial, path);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | 'unsatisfiable' | null> {
    const path = this.pathOf(key);
    // Opened first and read through the descriptor: a delete after this point does not cut the read.
    const file = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!file) return null;
    const { size, mtimeMs } = await file.stat().catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
    const part = range ? resolveRange(range, size) : undefined;
    if (range && !part) {
      await file.close();
      return 'unsatisfiable';
    }
    // The stream owns the handle from here and closes it when it ends or is destroyed.
    const body = file.createReadStream({ start: part?.start, end: part?.end });
    const etag = `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
    return { body, contentType: contentTypeOf(key), size, etag, ...(part ? { range: part } : {}) };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    const folders = await readdir(this.root).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const folder of folders) {
      const entries = await readdir(join(this.root, folder)).catch(() => []);
      for (const entry of entries) if (isMediaKey(entry)) yield entry;
    }
  }

  async list(after: string | undefined, limit: number): Promise<ListedObject[]> {
    // Folders are the keys' first two characters: folders in order, then their keys in order, are all keys in order.
    const folders = (await readdir(this.root).catch(() => [] as string[])).sort();
    const listed: ListedObject[] = [];
    for (const folder of folders) {
      if (after !== undefined && folder < after.slice(0, 2)) continue;
      const inFolder = await readdir(join(this.root, folder)).catch(() => [] as string[]);
      await this.deleteStalePartials(folder, inFolder);
      const entries = inFolder
        .filter((entry) => isMediaKey(entry) && (after === undefined || entry > after))
        .sort()
        .slice(0, limit - listed.length);
      for (const key of entries) {
        const modified = await stat(join(this.root, folder, key)).then(
          (stats) => stats.mtime,
          () => undefined, // deleted meanwhile
        );
        if (modified) listed.push({ key, modified });
      }
      if (listed.length >= limit) break;
    }
    return listed;
  }

  /**
   * The reconcile walk (list) passes each folder once: a put's partial file older than the orphan
   * grace was left by a crash mid-write (no put lasts that long), and goes.
   */
  private async deleteStalePartials(folder: string, entries: string[]): Promise<void> {
    const bornBefore = Date.now() - ORPHAN_GRACE_SECONDS * 1000;
    for (const entry of entries) {
      if (!isPartial(entry)) continue;
      const path = join(this.root, folder, entry);
      const modified = await stat(path).then(
        (stats) => stats.mtimeMs,
        () => undefined, // renamed or deleted meanwhile
      );
      if (modified !== undefined && modified <= bornBefore) await rm(path, { force: true });
    }
  }

  async close(): Promise<void> {}
}
