import { describe, expect, it } from 'vitest';
import type { TestUser } from '../support/harness.js';
import { jpeg } from './images.js';
import { skipped, storagesOfThisFile, useMediaHarness } from './storages.js';

/**
 * Blocks and mutes (docs/safety.md) hold for posts with images: a reader the rules hide a post
 * from finds its files' URLs on no read path, and finds them where the rules show the post.
 */
describe.each(storagesOfThisFile())('posts with images behind blocks and mutes on %s', (storage) => {
  const h = useMediaHarness(storage);
  const skip = skipped(storage);

  /** `author`'s post with one ready image: its id and the image's file and preview keys. */
  async function postWithImage(author: TestUser) {
    const caller = h.caller(author.token);
    let media = await caller.media.upload({ file: new Blob([await jpeg(64, 48)]) });
    while (media.state === 'processing') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      media = await caller.media.get({ id: media.id });
    }
    const post = await caller.posts.create({ title: 'lighthouse', content: 'c', mediaIds: [media.id] });
    const keys = [media.url, media.previewUrl].map((url) => url!.slice(url!.lastIndexOf('/') + 1));
    return { id: post.id, keys };
  }

  /** The answer text of every read path that can show `author`'s post to `reader`, by name. */
  async function readsOf(reader: TestUser, author: TestUser, postId: number): Promise<Record<string, string>> {
    const paths = {
      feed: '/posts/followed?limit=20',
      posts: '/posts?limit=20',
      search: '/posts?limit=20&q=lighthouse',
      post: `/posts/${postId}`,
      profile: `/users/${author.id}`,
      profilePosts: `/users/${author.id}/posts?limit=20`,
    };
    const reads: Record<string, string> = {};
    for (const [name, path] of Object.entries(paths)) {
      reads[name] = (await h.request('GET', path, { token: reader.token })).text;
    }
    const asReader = h.caller(reader.token);
    reads.trpcFeed = JSON.stringify(await asReader.posts.followed({ limit: 20 }));
    reads.trpcPosts = JSON.stringify(await asReader.posts.list({ limit: 20 }));
    reads.trpcPost = JSON.stringify(await asReader.posts.get({ id: postId }).catch((error: Error) => error.message));
    return reads;
  }

  /** Which reads name the image's files. */
  const showing = (reads: Record<string, string>, keys: string[]) =>
    Object.keys(reads).filter((name) => keys.some((key) => reads[name]!.includes(key)));

  const ALL = ['feed', 'posts', 'search', 'post', 'profile', 'profilePosts', 'trpcFeed', 'trpcPosts', 'trpcPost'];

  it.skipIf(skip)('a block, either way, hides the image on every read path', async () => {
    for (const blocker of ['author', 'reader'] as const) {
      const [ada, bob] = [await h.user(), await h.user()];
      await h.caller(bob.token).users.follow({ id: ada.id });
      const { id, keys } = await postWithImage(ada);
      expect(showing(await readsOf(bob, ada, id), keys)).toEqual(ALL);
      if (blocker === 'author') await h.caller(ada.token).users.block({ id: bob.id });
      else await h.caller(bob.token).users.block({ id: ada.id });
      expect(showing(await readsOf(bob, ada, id), keys), blocker).toEqual([]);
    }
  });

  it.skipIf(skip)("a mute hides the image from the muter's feed and lists, not from the post or profile", async () => {
    const [ada, bob] = [await h.user(), await h.user()];
    await h.caller(bob.token).users.follow({ id: ada.id });
    const { id, keys } = await postWithImage(ada);
    await h.caller(bob.token).users.mute({ id: ada.id });
    expect(showing(await readsOf(bob, ada, id), keys)).toEqual(['post', 'profile', 'profilePosts', 'trpcPost']);
  });
});
