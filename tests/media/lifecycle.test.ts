import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { sweepMedia } from '../../src/media/sweeper.js';
import { Harness, PASSWORD, type TestUser } from '../support/harness.js';
import { jpeg } from './images.js';
import { skipped, storageConfig, storagesOfThisFile, storedKeys } from './storages.js';

/** Unattached uploads expire; files go with their rows; two nodes racing never lose a referenced file. */

const DAY = 24 * 3600;

describe.each(storagesOfThisFile())('media lifecycle on %s', (storage) => {
  const skip = skipped(storage);
  // Two app instances on one database and one store: two nodes.
  let a: Harness;
  let b: Harness;
  let cleanup = () => {};
  beforeAll(async () => {
    if (skip) return;
    const settings = await storageConfig(storage);
    cleanup = settings.cleanup;
    a = await Harness.start(settings.config);
    b = await Harness.attach(a.databaseUrl, settings.config);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    cleanup();
  });

  async function uploaded(h: Harness, user: TestUser): Promise<MediaAttachment> {
    let media = await h.caller(user.token).media.upload({ file: new Blob([await jpeg(160, 120)]) });
    while (media.state === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      media = await h.caller(user.token).media.get({ id: media.id });
    }
    return media;
  }

  const sql = async <R>(text: string) => a.orm.em.fork().execute<R[]>(text);
  const keysOf = (m: MediaAttachment) => [m.url, m.previewUrl].map((url) => url!.slice(url!.lastIndexOf('/') + 1));
  const post = (h: Harness, user: TestUser, mediaIds: number[]) =>
    h.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c', mediaIds } });
  /** What the database refers to, against what the store holds. */
  async function referencedKeys(): Promise<string[]> {
    const rows = await sql<{ key: string }>(
      `select k as key from media, unnest(array[file_key, preview_key]) k where k is not null
        union select key from media_deleted_keys`,
    );
    return rows.map((row) => row.key).sort();
  }
  /** A transaction of its own on the database, to hold locks. */
  async function locker(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: a.directUrl });
    await client.connect();
    await client.query('begin');
    return client;
  }

  it.skipIf(skip)('the sweeper deletes unattached uploads past the TTL, rows and files, and nothing else', async () => {
    const ada = await a.user();
    const [old, young, attached] = [await uploaded(a, ada), await uploaded(a, ada), await uploaded(a, ada)];
    expect((await post(a, ada, [attached.id])).status).toBe(201);
    await sql(`update media set created_at = now() - interval '2 days' where id in (${old.id}, ${attached.id})`);

    expect(await sweepMedia(b.orm, b.services.media.store, DAY)).toEqual({ expired: 1, deleted: 2, failed: 0 });
    expect((await sql<{ id: number }>(`select id from media order by id`)).map((row) => row.id)).toEqual([
      young.id,
      attached.id,
    ]);
    expect(await storedKeys(a)).toEqual([...keysOf(young), ...keysOf(attached)].sort());
    expect(await referencedKeys()).toEqual(await storedKeys(a));
    // Nothing left to do.
    expect(await sweepMedia(a.orm, a.services.media.store, DAY)).toEqual({ expired: 0, deleted: 0, failed: 0 });
  });

  it.skipIf(skip)('an attach under way on one node keeps its upload from the other node’s sweep', async () => {
    const ada = await a.user();
    const upload = await uploaded(a, ada);
    // The attach locks the upload, then waits (its post's check of its author) to commit.
    const lock = await locker();
    try {
      await lock.query(`select 1 from users where id = ${ada.id} for update`);
      const attaching = post(a, ada, [upload.id]);
      await expect.poll(() => a.waitingOnLocks(), { timeout: 10_000 }).toBe(1);
      // The sweep on the other node (TTL 0) runs meanwhile: done, or waiting on the upload.
      let swept = false;
      const sweeping = sweepMedia(b.orm, b.services.media.store, 0).finally(() => (swept = true));
      await expect.poll(async () => swept || (await a.waitingOnLocks()) === 2, { timeout: 10_000 }).toBe(true);
      await lock.query('commit');
      const created = await attaching;
      expect(created.status, created.text).toBe(201);
      await sweeping;
      await sweepMedia(b.orm, b.services.media.store, 0);
      expect(created.body.media).toEqual([upload]);
      const file = await b.request('GET', upload.url!);
      expect(file.status).toBe(200);
      expect(await referencedKeys()).toEqual(await storedKeys(a));
    } finally {
      await lock.end();
    }
  });

  it.skipIf(skip)('a sweep under way on one node makes the other node’s attach a 400, and the files go', async () => {
    const ada = await a.user();
    const upload = await uploaded(a, ada);
    // The sweep deletes the row, then waits to record its keys.
    const lock = await locker();
    try {
      await lock.query('lock table media_deleted_keys in share mode');
      const sweeping = sweepMedia(b.orm, b.services.media.store, 0);
      await expect.poll(() => a.waitingOnLocks(), { timeout: 10_000 }).toBe(1);
      const attaching = post(a, ada, [upload.id]);
      await expect.poll(() => a.waitingOnLocks(), { timeout: 10_000 }).toBe(2);
      await lock.query('commit');
      const refused = await attaching;
      expect(refused.status, refused.text).toBe(400);
      expect((await sweeping).expired).toBeGreaterThanOrEqual(1);
      expect(await storedKeys(a)).not.toEqual(expect.arrayContaining(keysOf(upload)));
      expect(await referencedKeys()).toEqual(await storedKeys(a));
    } finally {
      await lock.end();
    }
  });

  /** The keys of the media rows: what the store must hold once deleted rows' files are gone. */
  async function rowKeys(): Promise<string[]> {
    const rows = await sql<{ key: string }>(`select k as key from media, unnest(array[file_key, preview_key]) k`);
    return rows.map((row) => row.key).sort();
  }
  const settled = (h: Harness) => Promise.allSettled([...h.services.media.inBackground]);

  it.skipIf(skip)('deleting a post or an account deletes their files once it committed', async () => {
    const [ada, bob] = [await a.user(), await a.user()];
    const [first, second, kept, loose] = [
      await uploaded(a, ada),
      await uploaded(a, ada),
      await uploaded(a, ada),
      await uploaded(a, ada),
    ];
    const theirs = await uploaded(a, bob);
    const gone = (await post(a, ada, [first.id, second.id])).body as { id: number };
    expect((await post(a, ada, [kept.id])).status).toBe(201);
    expect((await post(a, bob, [theirs.id])).status).toBe(201);

    expect((await b.request('DELETE', `/posts/${gone.id}`, { token: ada.token })).status).toBe(204);
    await settled(b);
    expect(await storedKeys(a)).toEqual(await rowKeys());
    const stored = await storedKeys(a);
    for (const key of [...keysOf(kept), ...keysOf(loose), ...keysOf(theirs)]) expect(stored).toContain(key);
    for (const key of [...keysOf(first), ...keysOf(second)]) expect(stored).not.toContain(key);

    const left = await b.request('DELETE', '/users/me', { token: ada.token, body: { password: PASSWORD } });
    expect(left.status).toBe(204);
    await settled(b);
    expect(await storedKeys(a)).toEqual(await rowKeys());
    expect(await sql(`select 1 from media where owner_id = ${ada.id}`)).toEqual([]);
    expect(await storedKeys(a)).toEqual(expect.arrayContaining(keysOf(theirs)));
    expect(await sql(`select key from media_deleted_keys`)).toEqual([]);
  });

  it.skipIf(skip)('a file delete that fails is retried by the sweeper', async () => {
    const ada = await a.user();
    const upload = await uploaded(a, ada);
    const created = (await post(a, ada, [upload.id])).body as { id: number };
    // The store refuses deletes for a moment (an outage between the commit and the file delete).
    const store = b.services.media.store;
    const refuse = () => Promise.reject(new Error('store unavailable'));
    store.delete = refuse;
    try {
      expect((await b.request('DELETE', `/posts/${created.id}`, { token: ada.token })).status).toBe(204);
      await settled(b);
    } finally {
      // The instance's own method shows again.
      Reflect.deleteProperty(store, 'delete');
    }
    expect(await storedKeys(a)).toEqual(expect.arrayContaining(keysOf(upload)));
    // Claimed by the failed attempt: taken again once the claim is a minute old.
    expect(await sweepMedia(a.orm, a.services.media.store, DAY)).toMatchObject({ deleted: 0 });
    await sql(`update media_deleted_keys set claimed_at = now() - interval '2 minutes'`);
    expect(await sweepMedia(a.orm, a.services.media.store, DAY)).toMatchObject({ deleted: 2, failed: 0 });
    expect(await storedKeys(a)).toEqual(await rowKeys());
  });

  it.skipIf(skip)('a post deleted while its image is read: the read ends whole, the next one is a 404', async () => {
    const ada = await a.user();
    const upload = await uploaded(a, ada);
    const created = (await post(a, ada, [upload.id])).body as { id: number };
    const whole = Buffer.from(await (await fetch(`${a.baseUrl}${upload.url}`)).arrayBuffer());
    // The read has its answer's head; the post and its files go; then the body is read.
    const reading = await fetch(`${a.baseUrl}${upload.url}`);
    expect(reading.status).toBe(200);
    expect((await b.request('DELETE', `/posts/${created.id}`, { token: ada.token })).status).toBe(204);
    await settled(b);
    expect(await storedKeys(a)).not.toEqual(expect.arrayContaining(keysOf(upload)));
    expect(Buffer.from(await reading.arrayBuffer())).toEqual(whole);
    expect((await a.request('GET', upload.url!)).status).toBe(404);
  });

  /** A small seeded generator (mulberry32): the same run every time, and another by changing the seed. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it.skipIf(skip)('after a random run on two nodes the store holds exactly what the database refers to', async () => {
    const next = random(42);
    const pick = <T>(items: T[]): T | undefined => items[Math.floor(next() * items.length)];
    const image = await jpeg(64, 48);
    const users: TestUser[] = [await a.user(), await a.user(), await a.user()];
    const unattached = new Map<number, number[]>(); // by user id
    const posts: { id: number; author: TestUser }[] = [];
    const counts = { uploads: 0, posts: 0, postDeletes: 0, accountDeletes: 0, sweeps: 0 };
    for (let step = 0; step < 80; step++) {
      const node = next() < 0.5 ? a : b;
      const user = pick(users)!;
      const roll = next();
      if (roll < 0.45) {
        const media = await node.caller(user.token).media.upload({ file: new Blob([image]) });
        unattached.set(user.id, [...(unattached.get(user.id) ?? []), media.id]);
        counts.uploads++;
      } else if (roll < 0.65) {
        const mine = unattached.get(user.id) ?? [];
        const mediaIds = mine.splice(0, 1 + Math.floor(next() * 4));
        const created = await post(node, user, mediaIds);
        // 400 when the sweeper took one of them first.
        if (created.status === 201) posts.push({ id: (created.body as { id: number }).id, author: user });
        counts.posts += created.status === 201 ? 1 : 0;
      } else if (roll < 0.8) {
        const gone = posts.splice(Math.floor(next() * posts.length), 1)[0];
        if (gone) await node.request('DELETE', `/posts/${gone.id}`, { token: gone.author.token });
        counts.postDeletes += gone ? 1 : 0;
      } else if (roll < 0.88) {
        await node.request('DELETE', '/users/me', { token: user.token, body: { password: PASSWORD } });
        users.splice(users.indexOf(user), 1, await node.user());
        posts.splice(0, posts.length, ...posts.filter((p) => p.author !== user));
        counts.accountDeletes++;
      } else {
        await sweepMedia(node.orm, node.services.media.store, 0);
        unattached.clear();
        counts.sweeps++;
      }
    }
    await Promise.all([settled(a), settled(b)]);
    // What is still to delete (files of rows deleted in the last moments) is deleted now.
    await sweepMedia(a.orm, a.services.media.store, DAY);
    const referenced = await sql<{ key: string }>(
      `select k as key from media, unnest(array[file_key, preview_key]) k where k is not null
        union select regexp_replace(m ->> k, '^.*/', '') from posts, json_array_elements(posts.media) m,
          unnest(array['url', 'previewUrl']) k`,
    );
    const stored = await storedKeys(a);
    expect(stored.length).toBeGreaterThan(0);
    expect({ stored: stored.length, ...counts }).toEqual({ stored: referenced.length, ...counts });
    expect(stored).toEqual(referenced.map((row) => row.key).sort());
    expect(await sql(`select key from media_deleted_keys`)).toEqual([]);
  });
});
