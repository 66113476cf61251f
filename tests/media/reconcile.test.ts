import { readdir, utimes, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { deleteOrphanFiles } from '../../src/media/sweeper.js';
import type { FsMediaStore } from '../../src/media/fs-store.js';
import { newMediaKey } from '../../src/media/store.js';
import { jpeg } from './images.js';
import { skipped, storagesOfThisFile, storedKeys, useMediaHarness } from './storages.js';

/** Objects no media row names (a crash between a file's write and its row) are found and deleted. */

const keysOf = (urls: (string | null)[]) => urls.map((url) => url!.slice(url!.lastIndexOf('/') + 1));

describe.each(storagesOfThisFile())('reconciling the store with the media rows on %s', (storage) => {
  const skip = skipped(storage);
  const h = useMediaHarness(storage, { MEDIA_PROCESS_MAX: '1' });

  /** An upload, ready; its keys. */
  async function uploaded(token: string): Promise<string[]> {
    const answer = await h.request('POST', '/media', {
      token,
      rawBody: await jpeg(80, 60),
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(answer.status, answer.text).toBe(201);
    return keysOf([answer.body.url, answer.body.previewUrl]);
  }

  /** Walks the whole store in pages of `limit`, as the sweeper does a page at a time. */
  async function walk(graceSeconds: number, limit: number): Promise<number> {
    let after: string | undefined;
    let deleted = 0;
    do {
      const page = await deleteOrphanFiles(h.orm, h.services.media.store, { after, graceSeconds, limit });
      expect(page.failed).toBe(0);
      deleted += page.deleted;
      after = page.next;
    } while (after);
    return deleted;
  }

  it.skipIf(skip)('deletes the objects no row names, in pages, and keeps every named or deleting one', async () => {
    const ada = await h.user();
    const named = await uploaded(ada.token);
    const { store } = h.services.media;
    const orphans = [newMediaKey('jpg'), newMediaKey('webp'), newMediaKey('jpg')];
    for (const key of orphans) await store.put(key, await jpeg(8, 8));
    // A deleted row's file, which the sweeper's own step deletes (and forgets) in turn.
    const deleting = newMediaKey('jpg');
    await store.put(deleting, await jpeg(8, 8));
    await h.orm.em.fork().execute(`insert into media_deleted_keys (key) values ('${deleting}')`);
    const before = await storedKeys(h);

    // Younger than the grace: nothing goes.
    expect(await walk(3600, 2)).toBe(0);
    expect(await storedKeys(h)).toEqual(before);
    expect(await walk(0, 2)).toBe(orphans.length);
    expect(await storedKeys(h)).toEqual(before.filter((key) => !orphans.includes(key)));
    expect(await storedKeys(h)).toEqual(expect.arrayContaining([...named, deleting]));
    expect(await walk(0, 1000)).toBe(0);
  });

  it.skipIf(skip)('an upload whose files are written but not yet named by its row survives a reconcile', async () => {
    const bob = await h.user();
    const { processor } = h.services.media;
    const before = await storedKeys(h);
    // The upload waits for the only processing turn, its row written; then its row is locked, so the
    // upload writes its files and waits to name them.
    let release = () => {};
    const held = processor.inTurn(-1, () => new Promise<void>((resolve) => (release = resolve)));
    const uploading = h.request('POST', '/media', {
      token: bob.token,
      rawBody: await jpeg(80, 60),
      headers: { 'content-type': 'image/jpeg' },
    });
    const lock = new pg.Client({ connectionString: h.directUrl });
    await lock.connect();
    try {
      await expect
        .poll(async () => (await h.orm.em.fork().execute(`select id from media where owner_id = ${bob.id}`)).length, {
          timeout: 10_000,
        })
        .toBe(1);
      await lock.query('begin');
      await lock.query(`select 1 from media where owner_id = ${bob.id} for update`);
      release();
      await held;
      await expect.poll(() => h.waitingOnLocks(), { timeout: 10_000 }).toBe(1);
      const written = (await storedKeys(h)).filter((key) => !before.includes(key));
      expect(written).toHaveLength(2);

      // Its files have no row naming them yet, and are younger than the grace: they stay.
      expect(await walk(60, 1000)).toBe(0);
      expect(await storedKeys(h)).toEqual(expect.arrayContaining(written));

      await lock.query('commit');
      const answer = await uploading;
      expect([201, 202]).toContain(answer.status);
      await Promise.allSettled([...h.services.media.inBackground]);
      const media = await h.caller(bob.token).media.get({ id: answer.body.id });
      expect(media.state).toBe('ready');
      expect(keysOf([media.url, media.previewUrl]).sort()).toEqual([...written].sort());
      // Named now: not an orphan at any age.
      expect(await walk(0, 1000)).toBe(0);
      expect(await storedKeys(h)).toEqual(expect.arrayContaining(written));
    } finally {
      release();
      await lock.end();
    }
  });

  // Files only: an S3 PUT is whole or nothing.
  it.skipIf(skip || storage !== 'fs')(
    'a .partial file older than the grace goes with the walk; a write under way stays',
    async () => {
      const store = h.services.media.store as FsMediaStore;
      const key = newMediaKey('jpg');
      await store.put(key, await jpeg(8, 8));
      const folder = join(store.root, key.slice(0, 2));
      const stale = join(folder, `${newMediaKey('jpg')}.0123456789ab.partial`);
      const fresh = join(folder, `${newMediaKey('webp')}.ba9876543210.partial`);
      for (const path of [stale, fresh]) await writeFile(path, 'half');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
      await utimes(stale, twoHoursAgo, twoHoursAgo);

      // The key is an orphan too (no row names it), but young: only the old partial goes.
      await walk(3600, 1000);
      const left = await readdir(folder);
      expect(left).toContain(key);
      expect(left).toContain(basename(fresh));
      expect(left).not.toContain(basename(stale));
    },
  );
});
