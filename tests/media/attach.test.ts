import { describe, expect, it } from 'vitest';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { expectApiError } from '../support/fixtures.js';
import type { Harness, TestUser } from '../support/harness.js';
import { jpeg } from './images.js';
import { skipped, storagesOfThisFile, useMediaHarness } from './storages.js';

/** POST /posts with mediaIds: a post's images, taken only from the caller's own ready, unattached uploads. */

describe.each(storagesOfThisFile())('attaching uploads to posts on %s', (storage) => {
  const h = useMediaHarness(storage);
  const skip = skipped(storage);

  /** A ready upload of `user`'s. */
  async function uploaded(user: TestUser, description = ''): Promise<MediaAttachment> {
    let media = await h.caller(user.token).media.upload({ file: new Blob([await jpeg(320, 240)]), description });
    while (media.state === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      media = await h.caller(user.token).media.get({ id: media.id });
    }
    return media;
  }

  const attachedTo = async (ids: number[]) =>
    h.orm.em
      .fork()
      .execute<{ id: number; post_id: number | null }[]>(
        `select id, post_id from media where id in (${ids.join(',')}) order by id`,
      );

  const post = (hh: Harness, user: TestUser, mediaIds?: unknown) =>
    hh.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c', mediaIds } });

  it.skipIf(skip)('a post shows its images in the order given, on every read', async () => {
    const ada = await h.user();
    const [first, second] = [await uploaded(ada, 'first'), await uploaded(ada, 'second')];
    const created = await post(h, ada, [second.id, first.id]);
    expect(created.status, created.text).toBe(201);
    expect(created.body.media).toEqual([second, first]);
    const read = await h.request('GET', `/posts/${created.body.id}`, { token: ada.token });
    expect(read.body.media).toEqual([second, first]);
    const listed = await h.request('GET', `/users/${ada.id}/posts?limit=5`, { token: ada.token });
    expect(listed.body[0].media).toEqual([second, first]);
    expect((await h.caller(ada.token).posts.get({ id: created.body.id })).media).toEqual([second, first]);
    expect((await attachedTo([first.id, second.id])).map((row) => row.post_id)).toEqual([
      created.body.id,
      created.body.id,
    ]);
    // Without images: [].
    expect((await post(h, ada)).body.media).toEqual([]);
    // The rules of blocks hold: the post with its images is as hidden as any.
    const bob = await h.user();
    await h.caller(bob.token).users.block({ id: ada.id });
    expectApiError(await h.request('GET', `/posts/${created.body.id}`, { token: bob.token }), 404, 'NOT_FOUND');
  });

  it.skipIf(skip)(
    "refuses another user's, attached, processing, repeated or more than 4 ids, attaching none",
    async () => {
      const [ada, bob] = [await h.user(), await h.user()];
      const mine = await uploaded(ada);
      const theirs = await uploaded(bob);
      const used = await uploaded(ada);
      expect((await post(h, ada, [used.id])).status).toBe(201);
      const processing = (
        await h.orm.em
          .fork()
          .execute<[{ id: number }]>(`insert into media (owner_id, bytes) values (${ada.id}, 1) returning id`)
      )[0].id;
      const five = [mine.id];
      while (five.length < 5) five.push((await uploaded(ada)).id);
      for (const ids of [
        [mine.id, theirs.id],
        [mine.id, used.id],
        [mine.id, processing],
        [mine.id, mine.id],
        five,
        [0],
      ]) {
        const refused = await post(h, ada, ids);
        expectApiError(refused, 400, 'BAD_REQUEST');
      }
      expect((await attachedTo([mine.id, theirs.id])).map((row) => row.post_id)).toEqual([null, null]);
      expect((await post(h, ada, five.slice(0, 4))).status).toBe(201);
    },
  );

  it.skipIf(skip)('two posts racing for one upload: exactly one gets it', async () => {
    const ada = await h.user();
    const media = await uploaded(ada);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(h, ada, [media.id])));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
  });
});
