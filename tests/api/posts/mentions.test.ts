import { describe, expect, it, onTestFinished } from 'vitest';
import { summary } from '../../support/fixtures.js';
import { Harness, type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

/** Mentions (issue 41, docs/social.md): `@handle` in a post's or comment's content links, notifies and shows the user. */
const h = useHarness();

/** `count` new users (typed for destructuring the first few). */
async function users(count: number) {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i++) made.push(await h.user());
  return made as [TestUser, TestUser, TestUser, TestUser, ...TestUser[]];
}

/** The notifications of `user` of type mention: [actor id, post id, comment id or undefined]. */
async function mentionsOf(user: TestUser) {
  const listed = await h.caller(user.token).notifications.list({ limit: 100 });
  return listed.filter((n) => n.type === 'mention').map((n) => [n.actor.id, n.post?.id, n.comment?.id]);
}

const ids = (list: { id: number }[]) => list.map((user) => user.id);

/** How many mention notifications the post (its own, not its comments') or the comment `id` has sent. */
async function mentionNotes(key: 'post_id' | 'comment_id', id: number) {
  const own = key === 'post_id' ? 'and comment_id is null' : '';
  const [row] = await h.orm.em
    .fork()
    .execute<{ n: number }[]>(
      `select count(*)::int as n from notifications where type = 'mention' and ${key} = ? ${own}`,
      [id],
    );
  return row!.n;
}

describe('mentions in a post', () => {
  it('link the users its content names, any case, each once: in the answer, the post, lists; over REST and createCaller', async () => {
    const [author, ada, bob, reader] = await users(4);
    const content = `hi @${ada.handle.toUpperCase()} and @${bob.handle}, again @${ada.handle}; @nobody_has_it`;
    const created = await h.request('POST', '/posts', { token: author.token, body: { title: 't', content } });
    expect(created.status, created.text).toBe(201);
    expect(created.body.mentions).toEqual([summary(ada), summary(bob)]);
    const read = await h.request('GET', `/posts/${created.body.id}`, { token: reader.token });
    expect(read.body.mentions).toEqual([summary(ada), summary(bob)]);
    expect((await h.caller(reader.token).posts.get({ id: created.body.id })).mentions).toEqual([
      summary(ada),
      summary(bob),
    ]);
    const viaCaller = await h.caller(author.token).posts.create({ title: 't', content: `@${bob.handle}` });
    expect(viaCaller.mentions).toEqual([summary(bob)]);
    const page = await h.request('GET', '/posts?limit=5', { token: reader.token });
    expect(page.body.map((post: { mentions: unknown }) => post.mentions)).toEqual([
      [summary(bob)],
      [summary(ada), summary(bob)],
    ]);
    const whole = await h.caller(reader.token).users.posts({ id: author.id });
    expect(whole.map((post) => ids(post.mentions))).toEqual([[bob.id], [ada.id, bob.id]]);
    // The title is no mention; an address, a URL path and a longer word are not either.
    const none = await h.caller(author.token).posts.create({
      title: `@${ada.handle}`,
      content: `mail x@${ada.handle}.com, see https://x.example/@${ada.handle} or @${ada.handle}x or @${ada.handle}@elsewhere.social`,
    });
    expect(none.mentions).toEqual([]);
  });

  it('notify the mentioned (type mention, the author as actor, the post), not the author mentioning themself', async () => {
    const [author, ada] = await users(2);
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle} @${author.handle}` });
    expect(post.mentions).toEqual([summary(author), summary(ada)].sort((a, b) => a.id - b.id));
    expect(await mentionsOf(ada)).toEqual([[author.id, post.id, undefined]]);
    expect(await mentionsOf(author)).toEqual([]);
    const listed = await h.request('GET', '/notifications', { token: ada.token });
    expect(listed.body[0]).toMatchObject({
      type: 'mention',
      actor: summary(author),
      post: { id: post.id, title: 't' },
    });
  });

  it('link at most 20 users, the first the content names, and notify at most 10, the first', async () => {
    const [author, ...named] = await users(24);
    const post = await h.caller(author.token).posts.create({
      title: 't',
      content: named.map((user) => `@${user.handle}`).join(' '),
    });
    expect(ids(post.mentions)).toEqual(ids(named.slice(0, 20)));
    const [linked] = await h.orm.em
      .getConnection()
      .execute<{ n: number }[]>('select count(*)::int as n from post_mentions where post_id = ?', [post.id]);
    expect(linked!.n).toBe(20);
    const notified = [];
    for (const user of named) if ((await mentionsOf(user)).length > 0) notified.push(user.id);
    expect(notified).toEqual(ids(named.slice(0, 10)));
  });

  it('neither link nor notify across a block at the time of writing, either way; an unblock later adds nothing', async () => {
    const [author, blocksAuthor, blockedByAuthor, ada] = await users(4);
    await h.caller(blocksAuthor.token).users.block({ id: author.id });
    await h.caller(author.token).users.block({ id: blockedByAuthor.id });
    const content = `@${blocksAuthor.handle} @${blockedByAuthor.handle} @${ada.handle}`;
    const post = await h.caller(author.token).posts.create({ title: 't', content });
    expect(post.mentions).toEqual([summary(ada)]);
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content });
    expect(comment.mentions).toEqual([summary(ada)]);
    await h.caller(blocksAuthor.token).users.unblock({ id: author.id });
    await h.caller(author.token).users.unblock({ id: blockedByAuthor.id });
    expect(await mentionsOf(blocksAuthor)).toEqual([]);
    expect(await mentionsOf(blockedByAuthor)).toEqual([]);
    expect(ids((await h.caller(ada.token).posts.get({ id: post.id })).mentions)).toEqual([ada.id]);
  });

  it('leave out, at read time, a mentioned user a block hides from the reader, on every read', async () => {
    const [author, ada, bob, reader] = await users(4);
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle} @${bob.handle}` });
    await h.caller(author.token).posts.comment({ id: post.id, content: `@${ada.handle} @${bob.handle}` });
    await h.caller(reader.token).users.block({ id: ada.id });
    const read = await h.request('GET', `/posts/${post.id}`, { token: reader.token });
    expect(ids(read.body.mentions)).toEqual([bob.id]);
    expect(ids(read.body.comments[0].mentions)).toEqual([bob.id]);
    expect(ids((await h.caller(reader.token).posts.list({ limit: 10 }))[0]!.mentions)).toEqual([bob.id]);
    expect(ids((await h.caller(reader.token).posts.comments({ id: post.id }))[0]!.mentions)).toEqual([bob.id]);
    // Blocked by the mentioned user: the same.
    const other = (await users(1))[0];
    await h.caller(bob.token).users.block({ id: other.id });
    expect(ids((await h.caller(other.token).posts.get({ id: post.id })).mentions)).toEqual([ada.id]);
    // Everyone else sees both.
    expect(ids((await h.caller(author.token).posts.get({ id: post.id })).mentions)).toEqual([ada.id, bob.id]);
  });

  it('a mute silences the notification (list, unread count) but not the link; unmuting shows it', async () => {
    const [author, ada] = await users(2);
    await h.caller(ada.token).users.mute({ id: author.id });
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle}` });
    expect(post.mentions).toEqual([summary(ada)]);
    expect(await mentionsOf(ada)).toEqual([]);
    expect(await h.caller(ada.token).notifications.unreadCount()).toEqual({ count: 0 });
    await h.caller(ada.token).users.unmute({ id: author.id });
    expect(await mentionsOf(ada)).toEqual([[author.id, post.id, undefined]]);
  });

  it('reach the mentioned live, on /live/notifications', async () => {
    const [author, ada] = await users(2);
    const stream = await SseReader.open(`${h.baseUrl}/live/notifications`, { authorization: `Bearer ${ada.token}` });
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle}` });
    await stream.until(() => stream.json().some((n) => n.type === 'mention' && n.post?.id === post.id), 'the mention');
  });
});

describe('mentions live, on two processes', () => {
  it("a mention written on one process reaches the mentioned on another; a muted author's does not", async () => {
    const other = await Harness.attach(h.databaseUrl); // a second process: its own live hub and listener
    onTestFinished(() => other.close());
    const [author, muted, ada] = await users(3);
    await h.caller(ada.token).users.mute({ id: muted.id });
    const stream = await SseReader.open(`${h.baseUrl}/live/notifications`, { authorization: `Bearer ${ada.token}` });
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);
    const silenced = await other.caller(muted.token).posts.create({ title: 't', content: `@${ada.handle}` });
    const comment = await other.caller(author.token).posts.comment({ id: silenced.id, content: `and @${ada.handle}` });
    await stream.until(() => stream.json().some((n) => n.comment?.id === comment.id), "the comment's mention");
    const mentions = stream.json().filter((n) => n.type === 'mention');
    expect(mentions.map((n) => [n.actor.id, n.post?.id, n.comment?.id])).toEqual([
      [author.id, silenced.id, comment.id],
    ]);
  });
});

describe('editing a post', () => {
  it('relinks its mentions and notifies only the newly mentioned; one named again is not notified again', async () => {
    const [author, ada, bob, cy] = await users(4);
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle} @${bob.handle}` });
    const edited = await h.request('PATCH', `/posts/${post.id}`, {
      token: author.token,
      body: { title: 't', content: `@${bob.handle} @${cy.handle}` },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(ids(edited.body.mentions)).toEqual([bob.id, cy.id]);
    expect(await mentionsOf(ada)).toEqual([[author.id, post.id, undefined]]);
    expect(await mentionsOf(bob)).toEqual([[author.id, post.id, undefined]]);
    expect(await mentionsOf(cy)).toEqual([[author.id, post.id, undefined]]);
    const again = await h.caller(author.token).posts.update({ id: post.id, title: 't', content: `@${ada.handle}` });
    expect(ids(again.mentions)).toEqual([ada.id]);
    expect(await mentionsOf(ada)).toHaveLength(1);
    const read = await h.caller(bob.token).posts.get({ id: post.id });
    expect(ids(read.mentions)).toEqual([ada.id]);
  });

  it('two edits at once naming the same new user both succeed, with one link', async () => {
    const [author, ada] = await users(2);
    for (let round = 0; round < 5; round++) {
      const post = await h.caller(author.token).posts.create({ title: 't', content: 'nobody yet' });
      const edit = { title: 't', content: `now @${ada.handle}` };
      const answers = await Promise.all([
        h.request('PATCH', `/posts/${post.id}`, { token: author.token, body: edit }),
        h.request('PATCH', `/posts/${post.id}`, { token: author.token, body: edit }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(ids((await h.caller(author.token).posts.get({ id: post.id })).mentions)).toEqual([ada.id]);
    }
  });

  it('notifies at most 10 per post in all, however the edits swap who is named', async () => {
    const [author, ...named] = await users(16);
    const mention = (list: TestUser[]) => list.map((user) => `@${user.handle}`).join(' ');
    const post = await h.caller(author.token).posts.create({ title: 't', content: mention(named.slice(0, 8)) });
    await h.caller(author.token).posts.update({ id: post.id, title: 't', content: mention(named.slice(8, 12)) });
    const last = await h
      .caller(author.token)
      .posts.update({ id: post.id, title: 't', content: mention(named.slice(12)) });
    expect(ids(last.mentions)).toEqual(ids(named.slice(12)));
    const notified = [];
    for (const user of named) if ((await mentionsOf(user)).length > 0) notified.push(user.id);
    expect(notified).toEqual(ids(named.slice(0, 10)));
  });

  it('notifies at most 10 per post in all under concurrent edits (REST, createCaller, a /trpc batch, with images), and shows what the last edit names', async () => {
    const [author, ...named] = await users(17);
    const edit = (i: number) => ({
      title: 't',
      content: `@${named[2 * i]!.handle} @${named[2 * i + 1]!.handle}`,
      ...(i % 3 === 2 && { mediaIds: [] }),
    });
    for (let round = 0; round < 4; round++) {
      const post = await h.caller(author.token).posts.create({ title: 't', content: 'nobody yet' });
      // 8 edits at once, each naming 2 users no other names: 16 new, 10 of whom may be notified.
      const single = [...Array(6).keys()].map((i) =>
        i % 2 === 0
          ? h.request('PATCH', `/posts/${post.id}`, { token: author.token, body: edit(i) }).then((res) => res.status)
          : h
              .caller(author.token)
              .posts.update({ id: post.id, ...edit(i) })
              .then(() => 200),
      );
      const batch = h
        .request('POST', '/trpc/posts.update,posts.update?batch=1', {
          token: author.token,
          body: { 0: { id: post.id, ...edit(6) }, 1: { id: post.id, ...edit(7) } },
        })
        .then((res) => (res.body as { result?: unknown }[]).map((item) => (item.result ? 200 : res.text)));
      expect([...(await Promise.all(single)), ...(await batch)]).toEqual(Array(8).fill(200));
      expect(await mentionNotes('post_id', post.id)).toBe(10);
      const read = await h.caller(author.token).posts.get({ id: post.id });
      const last = named.filter((user) => read.content.includes(`@${user.handle}`));
      expect(ids(read.mentions)).toEqual(ids(last).sort((a, b) => a - b));
    }
  });

  it('with images relinks too', async () => {
    const [author, ada] = await users(2);
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'none' });
    const edited = await h
      .caller(author.token)
      .posts.update({ id: post.id, title: 't', content: `@${ada.handle}`, mediaIds: [] });
    expect(edited.mentions).toEqual([summary(ada)]);
    expect(await mentionsOf(ada)).toEqual([[author.id, post.id, undefined]]);
  });
});

describe('mentions in a comment', () => {
  it('link, notify (with the comment), show, and relink on an edit notifying only the new', async () => {
    const [author, commenter, ada, bob] = await users(4);
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const res = await h.request('POST', `/posts/${post.id}/comment`, {
      token: commenter.token,
      body: { content: `thanks @${ada.handle}` },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.mentions).toEqual([summary(ada)]);
    expect(await mentionsOf(ada)).toEqual([[commenter.id, post.id, res.body.id]]);
    expect((await h.caller(author.token).posts.get({ id: post.id })).comments[0]!.mentions).toEqual([summary(ada)]);
    const edited = await h
      .caller(commenter.token)
      .comments.update({ id: res.body.id, content: `@${bob.handle} @${ada.handle}` });
    expect(ids(edited.mentions)).toEqual([ada.id, bob.id].sort((a, b) => a - b));
    expect(await mentionsOf(ada)).toHaveLength(1);
    expect(await mentionsOf(bob)).toEqual([[commenter.id, post.id, res.body.id]]);
  });
  it('notifies at most 10 per comment in all under concurrent edits (REST and createCaller)', async () => {
    const [author, ...named] = await users(17);
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    for (let round = 0; round < 4; round++) {
      const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'nobody yet' });
      const edits = [...Array(8).keys()].map((i) => {
        const content = `@${named[2 * i]!.handle} @${named[2 * i + 1]!.handle}`;
        return i % 2 === 0
          ? h
              .request('PATCH', `/comments/${comment.id}`, { token: author.token, body: { content } })
              .then((res) => res.status)
          : h
              .caller(author.token)
              .comments.update({ id: comment.id, content })
              .then(() => 200);
      });
      expect(await Promise.all(edits)).toEqual(Array(8).fill(200));
      expect(await mentionNotes('comment_id', comment.id)).toBe(10);
      const read = (await h.caller(author.token).posts.comments({ id: post.id })).find((c) => c.id === comment.id)!;
      const last = named.filter((user) => read.content.includes(`@${user.handle}`));
      expect(ids(read.mentions)).toEqual(ids(last).sort((a, b) => a - b));
    }
  });
});

describe('a comment', () => {
  it('notifies at most 10 of the users it mentions, and links at most 20', async () => {
    const [author, ...named] = await users(23);
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({
      id: post.id,
      content: named.map((user) => `@${user.handle}`).join(' '),
    });
    expect(ids(comment.mentions)).toEqual(ids(named.slice(0, 20)));
    const notified = [];
    for (const user of named) if ((await mentionsOf(user)).length > 0) notified.push(user.id);
    expect(notified).toEqual(ids(named.slice(0, 10)));
  });
});

describe('deleting', () => {
  it('a post or an account removes its mentions', async () => {
    const [author, ada, bob] = await users(3);
    const post = await h.caller(author.token).posts.create({ title: 't', content: `@${ada.handle} @${bob.handle}` });
    const comment = await h.caller(bob.token).posts.comment({ id: post.id, content: `@${ada.handle}` });
    const count = async (table: string, key: string, id: number) =>
      (
        await h.orm.em
          .getConnection()
          .execute<{ n: number }[]>(`select count(*)::int as n from ${table} where ${key} = ?`, [id])
      )[0]!.n;
    const counts = async () => [
      await count('post_mentions', 'post_id', post.id),
      await count('comment_mentions', 'comment_id', comment.id),
    ];
    expect(await counts()).toEqual([2, 1]);
    await h.request('DELETE', '/users/me', { token: ada.token, body: { password: 'correct horse battery' } });
    expect(ids((await h.caller(author.token).posts.get({ id: post.id })).mentions)).toEqual([bob.id]);
    expect(await counts()).toEqual([1, 0]);
    expect(comment.mentions).toEqual([summary(ada)]);
    await h.caller(author.token).posts.delete({ id: post.id });
    expect(await counts()).toEqual([0, 0]);
  });
});
