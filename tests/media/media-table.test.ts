import { describe, expect, it } from 'vitest';
import {
  getMediaOfOwner,
  insertMedia,
  updateMediaDescriptionAsOwner,
  updateMediaReady,
  type ProcessedMedia,
} from '../../src/media/media.queries.js';
import { newMediaKey } from '../../src/media/store.js';
import { useHarness } from '../support/harness.js';

/** The media table: what an upload's row holds through its states, and what the database refuses. */
const h = useHarness();
const QUOTA = { files: 100, bytes: 1_000_000 };

const processed = (): ProcessedMedia => ({
  type: 'image/jpeg',
  fileKey: newMediaKey('jpg'),
  previewKey: newMediaKey('jpg'),
  width: 640,
  height: 480,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
});

describe('media rows', () => {
  it('start processing and unattached, become ready once, and belong to their owner only', async () => {
    const [ada, bob] = [await h.user(), await h.user()];
    const row = (await insertMedia(h.orm, ada.id, 1234, 'a cat', QUOTA))!;
    expect(row).toMatchObject({
      ownerId: ada.id,
      state: 'processing',
      bytes: 1234,
      description: 'a cat',
      fileKey: null,
    });
    expect(row.attachedTo).toBeNull();
    const files = processed();
    const ready = await updateMediaReady(h.orm, row.id, files);
    expect(ready).toMatchObject({ state: 'ready', ...files });
    // Ready is final: a second processing result (a retry, a racing node) changes nothing.
    expect(await updateMediaReady(h.orm, row.id, processed())).toBeNull();
    expect((await getMediaOfOwner(h.orm, row.id, ada.id)).fileKey).toBe(files.fileKey);
    await expect(getMediaOfOwner(h.orm, row.id, bob.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateMediaDescriptionAsOwner(h.orm, row.id, bob.id, 'mine now')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await updateMediaDescriptionAsOwner(h.orm, row.id, ada.id, 'a grey cat')).description).toBe('a grey cat');
  });

  it('are refused ready without files, with a key another row has, or in an unknown state', async () => {
    const ada = await h.user();
    const em = h.orm.em.fork();
    const { id } = (await insertMedia(h.orm, ada.id, 10, '', QUOTA))!;
    await expect(em.execute(`update media set state = 'ready' where id = ${id}`)).rejects.toThrow(/media_ready_check/);
    await expect(em.execute(`update media set state = 'gone' where id = ${id}`)).rejects.toThrow(/media_state_check/);
    const files = processed();
    await updateMediaReady(h.orm, id, files);
    const other = (await insertMedia(h.orm, ada.id, 10, '', QUOTA))!;
    await expect(updateMediaReady(h.orm, other.id, { ...processed(), fileKey: files.fileKey })).rejects.toThrow(
      /media_file_key_unique/,
    );
  });

  it('go with their owner', async () => {
    const ada = await h.user();
    const { id } = (await insertMedia(h.orm, ada.id, 10, '', QUOTA))!;
    await h.orm.em.fork().execute(`delete from users where id = ${ada.id}`);
    expect(await h.orm.em.fork().execute(`select 1 from media where id = ${id}`)).toEqual([]);
  });
});
