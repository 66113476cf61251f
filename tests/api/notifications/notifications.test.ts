import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, summary } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

const h = useHarness();
let author: TestUser; // owns the post and the comment acted on
let fan: TestUser; // acts on them

beforeAll(async () => {
  author = await h.user({ firstName: 'Ada' });
  fan = await h.user({ firstName: 'Fay' });
});

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('notifications', () => {
  it('are written for each cause, in the act itself, newest first, and never for self-actions', async () => {
    const asAuthor = h.caller(author.token);
    const asFan = h.caller(fan.token);
    const post = await asAuthor.posts.create({ title: 'Noted', content: 'c' });
    const own = await asAuthor.posts.comment({ id: post.id, content: 'my own comment' });
    // Self-actions: none of these notify anybody.
    await asAuthor.posts.like({ id: post.id });
    await asAuthor.comments.like({ id: own.id });
    expect(await asAuthor.notifications.list()).toEqual([]);

    await asFan.posts.like({ id: post.id });
    await asFan.comments.like({ id: own.id });
    const comment = await asFan.posts.comment({ id: post.id, content: 'nice' });
    await asFan.users.follow({ id: author.id });

    const listed = await h.request('GET', '/notifications', { token: author.token });
    expect(listed.status, listed.text).toBe(200);
    const base = { createdAt: expect.stringMatching(ISO_UTC), actor: summary(fan), read: false };
    expect(listed.body).toEqual([
      { id: expect.any(Number), type: 'follow', ...base },
      {
        id: expect.any(Number),
        type: 'comment',
        ...base,
        post: { id: post.id, title: 'Noted' },
        comment: { id: comment.id },
      },
      {
        id: expect.any(Number),
        type: 'comment_like',
        ...base,
        post: { id: post.id, title: 'Noted' },
        comment: { id: own.id },
      },
      { id: expect.any(Number), type: 'post_like', ...base, post: { id: post.id, title: 'Noted' } },
    ]);
    const ids = listed.body.map((n: { id: number }) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(await asAuthor.notifications.list()).toEqual(listed.body);
    // The fan's own acts notified the fan of nothing.
    expect(await asFan.notifications.list()).toEqual([]);

    // Taking an act back keeps its history; a failed act (a double like) writes nothing.
    await asFan.posts.unlike({ id: post.id });
    await asFan.users.unfollow({ id: author.id });
    expectApiError(await h.request('POST', `/comments/${own.id}/like`, { token: fan.token }), 400, 'BAD_REQUEST');
    expect(await asAuthor.notifications.list()).toHaveLength(4);

    // Pages: limit and before, newest first.
    const page = await h.request('GET', `/notifications?limit=2&before=${ids[1]}`, { token: author.token });
    expect(page.body).toEqual(listed.body.slice(2, 4));

    // Unread count, then mark read up to an id.
    expect((await h.request('GET', '/notifications/unread-count', { token: author.token })).body).toEqual({ count: 4 });
    const marked = await h.request('POST', '/notifications/read', { token: author.token, body: { upTo: ids[1] } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toEqual({ count: 3 });
    expect(await asAuthor.notifications.unreadCount()).toEqual({ count: 1 });
    expect(await asAuthor.notifications.markRead({ upTo: ids[1] })).toEqual({ count: 0 });
    expect((await asAuthor.notifications.list()).map((n) => n.read)).toEqual([false, true, true, true]);
  });

  it('refuses bad input with a 400 and anonymous callers with a 401', async () => {
    expectApiError(await h.request('GET', '/notifications?limit=0', { token: author.token }), 400, 'BAD_REQUEST');
    expectApiError(await h.request('GET', '/notifications?before=abc', { token: author.token }), 400, 'BAD_REQUEST');
    expectApiError(
      await h.request('POST', '/notifications/read', { token: author.token, body: { upTo: '3' } }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await h.request('GET', '/notifications'), 401, 'UNAUTHORIZED');
    expectApiError(await h.request('GET', '/notifications/unread-count'), 401, 'UNAUTHORIZED');
  });
});
