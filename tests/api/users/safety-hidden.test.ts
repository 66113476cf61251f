import { describe, expect, it, onTestFinished } from 'vitest';
import { MISSING_ID } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

/**
 * Block and mute (docs/safety.md) where a hidden user or post could still show through: the
 * notifications that point at a post, the answers to undoing what one never did, cursors, edits
 * and deletes, and the count of notifications marked read. Found by attacking from outside.
 */
const h = useHarness();

/** A notifications stream of `user`'s, closed when the test ends. */
async function notificationsOf(user: TestUser, headers: Record<string, string> = {}) {
  const stream = await SseReader.open(`${h.baseUrl}/live/notifications`, {
    authorization: `Bearer ${user.token}`,
    ...headers,
  });
  onTestFinished(() => stream.close());
  expect(stream.status).toBe(200);
  return stream;
}

const get = (user: TestUser, path: string) => h.request('GET', path, { token: user.token });

describe('notifications that point at the other side of a block', () => {
  it("show neither user the other's post: not in the list, /trpc, the replay or the live stream", async () => {
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const [asA, asB, asC] = [h.caller(a.token), h.caller(b.token), h.caller(c.token)];
    const aPost = await asA.posts.create({ title: 'a title B must not see', content: 'a' });
    const bPost = await asB.posts.create({ title: 'b title A must not see', content: 'b' });
    // Each comments on the other's post; C likes both comments: A's notification names B's post, B's names A's.
    const aCommentOnB = await asA.posts.comment({ id: bPost.id, content: 'from a' });
    const bCommentOnA = await asB.posts.comment({ id: aPost.id, content: 'from b' });
    const aSecondCommentOnB = await asA.posts.comment({ id: bPost.id, content: 'liked later' });
    await asC.comments.like({ id: aCommentOnB.id });
    await asC.comments.like({ id: bCommentOnA.id });
    await asA.users.block({ id: b.id });

    // A block hides the other's posts everywhere (docs/safety.md), so no notification may point at one.
    const pointsAt = (list: { post?: { id: number } }[], postId: number) => list.filter((n) => n.post?.id === postId);
    expect((await get(b, `/posts/${aPost.id}`)).status).toBe(404);
    // Soft: each transport's failure shows, not only the first.
    expect.soft(pointsAt((await get(a, '/notifications')).body, bPost.id)).toEqual([]);
    expect.soft(pointsAt((await get(b, '/notifications')).body, aPost.id)).toEqual([]);
    expect.soft(pointsAt(await asB.notifications.list({}), aPost.id)).toEqual([]);

    const replay = await notificationsOf(b, { 'last-event-id': '0' });
    await asC.users.follow({ id: b.id }); // a notification B may see, after the others
    await replay.until(() => replay.json().some((n) => n.type === 'follow' && n.actor.id === c.id), 'the follow');
    expect.soft(pointsAt(replay.json(), aPost.id)).toEqual([]);

    // A new one, written while the block stands: C (blocked by nobody) likes A's other comment on B's post.
    const live = await notificationsOf(a);
    await asC.comments.like({ id: aSecondCommentOnB.id });
    await asC.users.follow({ id: a.id });
    await live.until(() => live.json().some((n) => n.type === 'follow' && n.actor.id === c.id), 'the follow');
    expect.soft(pointsAt(live.json(), bPost.id)).toEqual([]);
  });
});

describe('the blocked user cannot tell a blocker from a missing user', () => {
  it('undoing a mute, a block or a follow of the blocker answers as for a user that does not exist', async () => {
    const [a, b] = [await h.user(), await h.user()];
    await h.caller(a.token).users.block({ id: b.id });
    expect((await get(b, `/users/${a.id}`)).status).toBe(404); // A looks absent to B...
    // ...so each of these, none of which changes anything, must not answer differently for A and for no one.
    for (const path of ['mute', 'block', 'follow']) {
      const missing = await h.request('DELETE', `/users/${MISSING_ID}/${path}`, { token: b.token });
      const blocker = await h.request('DELETE', `/users/${a.id}/${path}`, { token: b.token });
      expect.soft({ path, status: blocker.status }, blocker.text).toEqual({ path, status: missing.status });
    }
  });

  it("muting the blocker does not hand the blocked user the blocker's name", async () => {
    const [a, b] = [await h.user({ firstName: 'Hidden' }), await h.user()];
    await h.caller(a.token).users.block({ id: b.id });
    const muted = await h.request('POST', `/users/${a.id}/mute`, { token: b.token });
    expect(muted.text).not.toContain('Hidden');
  });
});

/** A blocks B, who follows C: A's post, and A's comment on C's post, are hidden from B. */
async function hiddenPostAndComment() {
  const [a, b, c] = [await h.user(), await h.user(), await h.user()];
  const cPost = await h.caller(c.token).posts.create({ title: 'c', content: 'c' });
  const aPost = await h.caller(a.token).posts.create({ title: 'a', content: 'a' });
  const aComment = await h.caller(a.token).posts.comment({ id: cPost.id, content: 'a' });
  await h.caller(b.token).users.follow({ id: c.id });
  await h.caller(a.token).users.block({ id: b.id });
  return { b, c, cPost, aPost, aComment };
}

describe('keyset cursors that name a hidden post or comment', () => {
  it('answer as for one that does not exist, so the blocked user cannot find them', async () => {
    const { b, c, cPost, aPost, aComment } = await hiddenPostAndComment();
    expect((await get(b, `/posts/${aPost.id}`)).status).toBe(404);
    // The lists answer 400 for a cursor that names nothing; a hidden post or comment must look the same.
    const pairs = [
      [`/posts?limit=5&before=${aPost.id}`, `/posts?limit=5&before=${MISSING_ID}`],
      [`/posts/followed?limit=5&before=${aPost.id}`, `/posts/followed?limit=5&before=${MISSING_ID}`],
      [`/users/${c.id}/posts?limit=5&before=${aPost.id}`, `/users/${c.id}/posts?limit=5&before=${MISSING_ID}`],
      [
        `/posts/${cPost.id}/comments?limit=5&before=${aComment.id}`,
        `/posts/${cPost.id}/comments?limit=5&before=${MISSING_ID}`,
      ],
    ];
    for (const [hidden, missing] of pairs) {
      const [seen, none] = [await get(b, hidden!), await get(b, missing!)];
      expect.soft({ hidden, status: seen.status }, seen.text).toEqual({ hidden, status: none.status });
    }
  });
});

describe('editing or deleting a hidden post or comment', () => {
  it('answers as for one that does not exist (404), not 403', async () => {
    const { b, aPost, aComment } = await hiddenPostAndComment();
    const calls: [string, string, unknown][] = [
      ['PATCH', `/posts/${aPost.id}`, { title: 't', content: 'c' }],
      ['DELETE', `/posts/${aPost.id}`, undefined],
      ['PATCH', `/comments/${aComment.id}`, { content: 'c' }],
      ['DELETE', `/comments/${aComment.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await h.request(method, path, { token: b.token, body });
      expect.soft({ method, path, status: answer.status }, answer.text).toEqual({ method, path, status: 404 });
    }
  });
});

describe('marking notifications read while some are hidden', () => {
  it('counts only the ones the caller can see', async () => {
    const [a, muted, blocked, c] = [await h.user(), await h.user(), await h.user(), await h.user()];
    const aPost = await h.caller(a.token).posts.create({ title: 'a', content: 'a' });
    await h.caller(blocked.token).posts.like({ id: aPost.id });
    await h.caller(a.token).users.block({ id: blocked.id });
    await h.caller(a.token).users.mute({ id: muted.id });
    for (const content of ['one', 'two', 'three']) await h.caller(muted.token).posts.comment({ id: aPost.id, content });
    await h.caller(c.token).posts.like({ id: aPost.id });
    const visible = (await get(a, '/notifications')).body as { id: number }[];
    expect(visible).toHaveLength(1); // C's like; the muted user's comments and the blocked user's like are hidden
    const marked = await h.request('POST', '/notifications/read', { token: a.token, body: { upTo: visible[0]!.id } });
    // The answer is a count of unread notifications, as /notifications/unread-count is: the hidden ones stay out.
    expect(marked.body).toEqual({ count: 1 });
  });
});
