import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PER_ACTOR } from '../../../src/viewer/notifications.sql.js';
import { useHarness } from '../../support/harness.js';

const h = useHarness();

/** Each act undone and redone over both transports, each of them more than once: enough to show a repeat notifies no more. */
const TOGGLES = 6;

const unread = async (token: string) =>
  (await h.request('GET', '/notifications/unread-count', { token })).body.count as number;

describe('notification spam', () => {
  it('toggling a like, a comment like and a follow notifies once each, over REST and /trpc', async () => {
    const [victim, attacker] = [await h.user(), await h.user()];
    const { id: postId } = await h.caller(victim.token).posts.create({ title: 'victim', content: 'x' });
    const { id: commentId } = await h.caller(victim.token).posts.comment({ id: postId, content: 'mine' });
    const { token } = attacker;
    for (let i = 0; i < TOGGLES; i++) {
      const rest = i % 2 === 0;
      const toggles: [string, string][] = rest
        ? [
            ['POST', `/posts/${postId}/like`],
            ['DELETE', `/posts/${postId}/like`],
            ['POST', `/comments/${commentId}/like`],
            ['DELETE', `/comments/${commentId}/like`],
            ['POST', `/users/${victim.id}/follow`],
            ['DELETE', `/users/${victim.id}/follow`],
          ]
        : [
            ['POST', '/trpc/posts.like'],
            ['POST', '/trpc/posts.unlike'],
            ['POST', '/trpc/comments.like'],
            ['POST', '/trpc/comments.unlike'],
            ['POST', '/trpc/users.follow'],
            ['POST', '/trpc/users.unfollow'],
          ];
      const ids = [postId, postId, commentId, commentId, victim.id, victim.id];
      for (const [n, [method, path]] of toggles.entries()) {
        const res = await h.request(method, path, { token, body: rest ? undefined : { id: ids[n] } });
        expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      }
    }
    const listed = (await h.request('GET', '/notifications?limit=100', { token: victim.token })).body as {
      type: string;
    }[];
    expect(listed.map((n) => n.type).sort()).toEqual(['comment_like', 'follow', 'post_like']);
    // Another actor's like still notifies.
    const other = await h.user();
    await h.caller(other.token).posts.like({ id: postId });
    expect(await unread(victim.token)).toBe(4);
  });

  it(`one actor causes one recipient at most ${NOTIFICATIONS_PER_ACTOR} notifications an hour; the acts still happen`, async () => {
    const [victim, attacker] = [await h.user(), await h.user()];
    const { id: postId } = await h.caller(victim.token).posts.create({ title: 'victim', content: 'x' });
    const statuses = await Promise.all(
      Array.from({ length: NOTIFICATIONS_PER_ACTOR + 20 }, (_, i) =>
        h
          .request('POST', `/posts/${postId}/comment`, { token: attacker.token, body: { content: `spam ${i}` } })
          .then((res) => res.status),
      ),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const count = await unread(victim.token);
    // Concurrent inserts may each see the window one short of full: a few over, never unbounded.
    expect(count).toBeGreaterThanOrEqual(NOTIFICATIONS_PER_ACTOR);
    expect(count).toBeLessThan(NOTIFICATIONS_PER_ACTOR + 10);
    // Others still reach the victim.
    const other = await h.user();
    await h.caller(other.token).posts.comment({ id: postId, content: 'hello' });
    expect(await unread(victim.token)).toBe(count + 1);
  });
});
