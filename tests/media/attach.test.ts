import { describe, expect, it } from 'vitest';
import type { MediaAttachment } from '../../src/media/media.schemas.js';
import { expectApiError } from '../support/fixtures.js';
import type { Harness, TestUser } from '../support/harness.js';
import { jpeg } from './images.js';
import { skipped, storagesOfThisFile, useMediaHarness } from './storages.js';

/**
 * POST /posts and PATCH /posts/{id} with mediaIds: a post's images, taken only from the caller's own
 * ready uploads attached to nothing else; and their alt text, changed on the post too.
 */

describe.each(storagesOfThisFile())('attaching uploads to posts on %s', (storage) => {
  const h = useMediaHarness(storage);
  const skip = skipped(storage);

  /** A ready upload of `user`'s. */
  async function uploaded(user: TestUser, description = ''): Promise<MediaAttachment> {
    let media = await h.caller(user.token).media.upload({ file: new Blob([await jpeg(64, 48)]), description });
    while (media.state === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      media = await h.caller(user.token).media.get({ id: media.id });
    }
    return media;
  }

  const attachedTo = async (ids: number[]) =>
    h.orm.em
      .fork()
      .execute<{ id: number; attached_to: string | null; post_id: number | null }[]>(
        `select id, attached_to, post_id from media where id in (${ids.join(',')}) order by id`,
      );

  /** mediaIds lists each refused: with another user's, one attached elsewhere, one processing, a repeat, five, none such. */
  async function refusedIdLists(user: TestUser, mine: number, theirs: number, attached: number) {
    const [{ id: processing }] = await h.orm.em
      .fork()
      .execute<[{ id: number }]>(`insert into media (owner_id, bytes) values (${user.id}, 1) returning id`);
    const five = [mine];
    while (five.length < 5) five.push((await uploaded(user)).id);
    return [[mine, theirs], [mine, attached], [mine, processing], [mine, mine], five, [0]];
  }

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
      const refusals = await refusedIdLists(ada, mine.id, theirs.id, used.id);
      for (const ids of refusals) {
        const refused = await post(h, ada, ids);
        expectApiError(refused, 400, 'BAD_REQUEST');
      }
      expect((await attachedTo([mine.id, theirs.id])).map((row) => row.post_id)).toEqual([null, null]);
      expect((await post(h, ada, refusals[4]!.slice(0, 4))).status).toBe(201); // four of the five
    },
  );

  it.skipIf(skip)('two posts racing for one upload: exactly one gets it', async () => {
    const ada = await h.user();
    const media = await uploaded(ada);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(h, ada, [media.id])));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400, 400, 400, 400, 400]);
  });

  const patch = (user: TestUser, id: number, mediaIds?: unknown, title = 't2') =>
    h.request('PATCH', `/posts/${id}`, { token: user.token, body: { title, content: 'c2', mediaIds } });

  it.skipIf(skip)(
    "PATCH /posts/{id} replaces a post's images: new ones attached, dropped ones unattached",
    async () => {
      const ada = await h.user();
      const [a, b, c] = [await uploaded(ada, 'a'), await uploaded(ada, 'b'), await uploaded(ada, 'c')];
      const created = await post(h, ada, [a.id, b.id]);
      const id = created.body.id as number;
      const edited = await patch(ada, id, [b.id, c.id]);
      expect(edited.status, edited.text).toBe(200);
      expect(edited.body.media).toEqual([b, c]);
      expect((await h.request('GET', `/posts/${id}`, { token: ada.token })).body.media).toEqual([b, c]);
      expect((await h.request('GET', `/users/${ada.id}/posts?limit=5`, { token: ada.token })).body[0].media).toEqual([
        b,
        c,
      ]);
      expect(await attachedTo([a.id, b.id, c.id])).toEqual([
        { id: a.id, attached_to: null, post_id: null },
        { id: b.id, attached_to: 'post', post_id: id },
        { id: c.id, attached_to: 'post', post_id: id },
      ]);
      // Without mediaIds the images stay; over /trpc as over REST.
      expect((await patch(ada, id)).body.media).toEqual([b, c]);
      const viaTrpc = await h
        .caller(ada.token)
        .posts.update({ id, title: 't3', content: 'c3', mediaIds: [c.id, a.id] });
      expect(viaTrpc.media).toEqual([c, a]);
      // [] removes them all, and every one is unattached (the sweeper's to collect).
      expect((await patch(ada, id, [])).body.media).toEqual([]);
      expect((await attachedTo([a.id, b.id, c.id])).map((row) => [row.attached_to, row.post_id])).toEqual([
        [null, null],
        [null, null],
        [null, null],
      ]);
    },
  );

  it.skipIf(skip)(
    'PATCH /posts/{id} refuses what POST refuses, and uploads of another post, changing nothing',
    async () => {
      const [ada, bob] = [await h.user(), await h.user()];
      const kept = await uploaded(ada);
      const id = (await post(h, ada, [kept.id])).body.id as number;
      const other = await uploaded(ada);
      expect((await post(h, ada, [other.id])).status).toBe(201);
      const mine = await uploaded(ada);
      const theirs = await uploaded(bob);
      for (const ids of await refusedIdLists(ada, mine.id, theirs.id, other.id)) {
        expectApiError(await patch(ada, id, ids, 'refused'), 400, 'BAD_REQUEST');
      }
      // Someone else's post: 403, whatever the ids.
      expectApiError(await patch(bob, id, [theirs.id], 'refused'), 403, 'FORBIDDEN');
      const read = await h.request('GET', `/posts/${id}`, { token: ada.token });
      expect([read.body.title, read.body.media]).toEqual(['t', [kept]]);
      expect((await attachedTo([kept.id, mine.id, theirs.id])).map((row) => row.post_id)).toEqual([id, null, null]);
    },
  );

  it.skipIf(skip)("PATCH /media/{id} of an attached image changes the post's copy, in place", async () => {
    const [ada, bob] = [await h.user(), await h.user()];
    const [a, b] = [await uploaded(ada, 'a'), await uploaded(ada, 'b')];
    const id = (await post(h, ada, [a.id, b.id])).body.id as number;
    const described = await h.request('PATCH', `/media/${b.id}`, { token: ada.token, body: { description: 'new' } });
    expect(described.status, described.text).toBe(200);
    const expected = [a, { ...b, description: 'new' }];
    expect((await h.request('GET', `/posts/${id}`, { token: bob.token })).body.media).toEqual(expected);
    expect((await h.request('GET', `/users/${ada.id}/posts?limit=5`, { token: bob.token })).body[0].media).toEqual(
      expected,
    );
    // Another user's upload is theirs alone: 404, and the post is unchanged.
    expectApiError(
      await h.request('PATCH', `/media/${a.id}`, { token: bob.token, body: { description: 'x' } }),
      404,
      'NOT_FOUND',
    );
    expect((await h.caller(ada.token).posts.get({ id })).media).toEqual(expected);
  });
});
