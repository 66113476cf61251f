import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, expectTrpcError, ISO_UTC, MISSING_ID, summary } from '../../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';
import { SseReader } from '../../support/sse.js';

const h = useHarness();
let author: TestUser;
let quoter: TestUser;
let reader: TestUser;

beforeAll(async () => {
  [author, quoter, reader] = await Promise.all([h.user(), h.user(), h.user()]);
});

const write = (user: TestUser, body: { title: string; content: string; quoteOf?: number }) =>
  h.caller(user.token).posts.create(body);
const read = (user: TestUser, id: number) => h.caller(user.token).posts.get({ id });
const quoteIds = async (user: TestUser, id: number, query = '') => {
  const res = await h.request('GET', `/posts/${id}/quotes${query}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return (res.body as { id: number }[]).map((p) => p.id);
};

describe('POST /posts with quoteOf', () => {
  it('answers 201 with quoteOf, the quoted post as a QuotedPost with its counts; quoteCount counts it', async () => {
    const original = await write(author, { title: 'Original #orig', content: 'the words' });
    await h.caller(reader.token).posts.like({ id: original.id });
    await h.caller(reader.token).posts.comment({ id: original.id, content: 'a comment' });
    expect(original.quoteOf).toBeNull();
    expect(original.quoteCount).toBe(0);

    const res = await h.request('POST', '/posts', {
      token: quoter.token,
      body: { title: 'Look', content: 'at this', quoteOf: original.id },
    });
    expect(res.status, res.text).toBe(201);
    const quotedPost = {
      id: original.id,
      title: 'Original #orig',
      content: 'the words',
      createdAt: expect.stringMatching(ISO_UTC),
      createdBy: summary(author),
      likeCount: 1,
      commentCount: 1,
      media: [],
      tags: ['orig'],
      quoteCount: 1,
    };
    expect(res.body.quoteOf).toEqual(quotedPost);
    expect(res.body.quoteCount).toBe(0);
    // Read again, by anyone, and by the caller procedure: the same.
    expect((await read(reader, res.body.id)).quoteOf).toEqual(quotedPost);
    expect((await h.request('GET', `/posts/${res.body.id}`, { token: author.token })).body.quoteOf).toEqual(quotedPost);
    expect((await read(reader, original.id)).quoteCount).toBe(1);
    // A quote of a quote embeds only the one it quotes, without a quote of its own.
    const second = await write(reader, { title: 'Quote of a quote', content: 'c', quoteOf: res.body.id });
    expect(Object.keys(second.quoteOf!)).not.toContain('quoteOf');
    expect(second.quoteOf!.id).toBe(res.body.id);
  });

  it('answers 404 for a quoteOf naming no post, or one across a block either way; 400 for an invalid id; nothing is written', async () => {
    const [a, b] = await Promise.all([h.user(), h.user()]);
    const postOfB = await write(b, { title: 'b', content: 'b' });
    await h.caller(b.token).users.block({ id: a.id });
    const postOfA = await write(a, { title: 'a', content: 'a' });
    for (const [user, quoteOf] of [
      [a, MISSING_ID],
      [a, postOfB.id],
      [b, postOfA.id],
    ] as const) {
      expectApiError(
        await h.request('POST', '/posts', { token: user.token, body: { title: 't', content: 'c', quoteOf } }),
        404,
        'NOT_FOUND',
        'Quoted post not found',
      );
      await expectTrpcError(write(user, { title: 't', content: 'c', quoteOf }), 'NOT_FOUND', 'Quoted post not found');
    }
    const invalid = await h.request('POST', '/posts', {
      token: a.token,
      body: { title: 't', content: 'c', quoteOf: 'x' },
    });
    expectApiError(invalid, 400, 'BAD_REQUEST');
    expect(invalid.body.issues[0].path).toBe('quoteOf');
    expect(await h.caller(a.token).users.posts({ id: a.id })).toHaveLength(1);
    // With images too: the other statement refuses it the same way.
    await expectTrpcError(
      h.caller(a.token).posts.create({ title: 't', content: 'c', mediaIds: [MISSING_ID], quoteOf: postOfB.id }),
      'NOT_FOUND',
    );
  });

  it('answers one 400 for every quoteOf outside 1 to 2^31-1, on every transport: past 2^31, past 2^53, a fraction, a sign', async () => {
    const writer = await h.user();
    const message = 'quoteOf must be a positive integer id';
    const issues = [{ path: 'quoteOf', message }];
    for (const quoteOf of [0, -1, 1.5, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e300, '2147483648', 'x']) {
      const body = { title: 't', content: 'c', quoteOf };
      const rest = await h.request('POST', '/posts', { token: writer.token, body });
      expectApiError(rest, 400, 'BAD_REQUEST', message);
      expect([quoteOf, rest.body.issues]).toEqual([quoteOf, issues]);
      const trpc = await h.request('POST', '/trpc/posts.create', { token: writer.token, body });
      expect([quoteOf, trpc.status, trpc.body.error.message]).toEqual([quoteOf, 400, message]);
      const batch = await h.request('POST', '/trpc/posts.create,posts.create?batch=1', {
        token: writer.token,
        body: { 0: body, 1: body },
      });
      expect([quoteOf, batch.body.map((item: { error: { message: string } }) => item.error.message)]).toEqual([
        quoteOf,
        [message, message],
      ]);
      await expectTrpcError(
        h.caller(writer.token).posts.create(body as { title: string; content: string; quoteOf: number }),
        'BAD_REQUEST',
        message,
      );
    }
    expect(await h.caller(writer.token).users.posts({ id: writer.id })).toEqual([]);
  });

  it('notifies the quoted author (not oneself; a mute silences it), with the quote as the post', async () => {
    const [writer, fan, muted] = await Promise.all([h.user(), h.user(), h.user()]);
    const original = await write(writer, { title: 'Quotable', content: 'c' });
    await write(writer, { title: 'Self', content: 'c', quoteOf: original.id });
    expect(await h.caller(writer.token).notifications.list()).toEqual([]);
    const quote = await write(fan, { title: 'Quote', content: 'c', quoteOf: original.id });
    const listed = await h.request('GET', '/notifications', { token: writer.token });
    expect(listed.body).toEqual([
      {
        id: expect.any(Number),
        type: 'quote',
        createdAt: expect.stringMatching(ISO_UTC),
        actor: summary(fan),
        read: false,
        post: { id: quote.id, title: 'Quote' },
      },
    ]);
    await h.caller(writer.token).users.mute({ id: muted.id });
    await write(muted, { title: 'Muted quote', content: 'c', quoteOf: original.id });
    expect(await h.caller(writer.token).notifications.list()).toHaveLength(1);
    expect(await h.caller(writer.token).notifications.unreadCount()).toEqual({ count: 1 });
    await h.caller(writer.token).users.unmute({ id: muted.id });
    expect(await h.caller(writer.token).notifications.list()).toHaveLength(2);
  });

  it('hides the quoted post (null) and the quotes across a block from the reader, both ways', async () => {
    const [writer, third, viewer] = await Promise.all([h.user(), h.user(), h.user()]);
    const original = await write(writer, { title: 'o', content: 'c' });
    const byThird = await write(third, { title: 'q', content: 'c', quoteOf: original.id });
    const byViewer = await write(viewer, { title: 'v', content: 'c', quoteOf: original.id });
    await h.caller(writer.token).users.block({ id: viewer.id });
    // The viewer no longer sees the quoted post in any quote, nor its quotes.
    expect((await read(viewer, byThird.id)).quoteOf).toBeNull();
    expect((await read(viewer, byViewer.id)).quoteOf).toBeNull();
    const page = await h.request('GET', `/users/${third.id}/posts?limit=5`, { token: viewer.token });
    expect(page.body[0].quoteOf).toBeNull();
    expectApiError(await h.request('GET', `/posts/${original.id}/quotes`, { token: viewer.token }), 404, 'NOT_FOUND');
    // The writer sees the third's quote, and counts it alone: the viewer's is across the block.
    expect((await read(writer, original.id)).quoteCount).toBe(1);
    expect((await read(third, original.id)).quoteCount).toBe(2);
    expect(await quoteIds(writer, original.id)).toEqual([byThird.id]);
    expect(await quoteIds(third, original.id)).toEqual([byViewer.id, byThird.id]);
    await h.caller(writer.token).users.unblock({ id: viewer.id });
    expect((await read(viewer, byThird.id)).quoteOf?.id).toBe(original.id);
  });
});

describe('GET /posts/{id}/quotes', () => {
  it('lists the quotes newest first, paged, unpaged as a stream equal to the procedure; mutes apply', async () => {
    const original = await write(author, { title: 'Listed', content: 'c' });
    const [muted] = await Promise.all([h.user()]);
    const ids: number[] = [];
    for (const user of [quoter, reader, author])
      ids.push((await write(user, { title: 'q', content: 'c', quoteOf: original.id })).id);
    const mutedQuote = (await write(muted, { title: 'm', content: 'c', quoteOf: original.id })).id;
    await write(quoter, { title: 'not a quote', content: 'c' });
    await h.caller(reader.token).users.mute({ id: muted.id });
    const newest = [...ids].reverse();
    expect(await quoteIds(reader, original.id)).toEqual(newest);
    expect(await quoteIds(author, original.id)).toEqual([mutedQuote, ...newest]);
    expect(await quoteIds(reader, original.id, '?limit=2')).toEqual(newest.slice(0, 2));
    expect(await quoteIds(reader, original.id, `?limit=2&before=${newest[1]}`)).toEqual(newest.slice(2));
    const rest = await h.request('GET', `/posts/${original.id}/quotes`, { token: reader.token });
    expect(rest.text).toBe(JSON.stringify(await h.caller(reader.token).posts.quotes({ id: original.id })));
    expect((await h.caller(reader.token).posts.quotes({ id: original.id, limit: 1 })).map((p) => p.id)).toEqual([
      newest[0],
    ]);
    // No quotes yet is an empty list; no such post a 404; a bad cursor or id a 400.
    const lonely = await write(author, { title: 'lonely', content: 'c' });
    expect(await quoteIds(reader, lonely.id)).toEqual([]);
    expectApiError(await h.request('GET', `/posts/${MISSING_ID}/quotes`, { token: reader.token }), 404, 'NOT_FOUND');
    await expectTrpcError(h.caller(reader.token).posts.quotes({ id: MISSING_ID }), 'NOT_FOUND');
    expectApiError(
      await h.request('GET', `/posts/${original.id}/quotes?limit=2&before=${MISSING_ID}`, { token: reader.token }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await h.request('GET', '/posts/abc/quotes', { token: reader.token }), 400, 'BAD_REQUEST');
    expectApiError(await h.request('GET', `/posts/${original.id}/quotes`), 401, 'UNAUTHORIZED');
  });
});

describe('counts after deletes and at once', () => {
  it('a deleted quote leaves the count; a deleted quoted post leaves its quotes, their quoteOf null; a deleted account both', async () => {
    const [writer, gone] = await Promise.all([h.user(), h.user()]);
    const original = await write(writer, { title: 'o', content: 'c' });
    const q1 = await write(quoter, { title: 'q1', content: 'kept', quoteOf: original.id });
    const q2 = await write(reader, { title: 'q2', content: 'c', quoteOf: original.id });
    await write(gone, { title: 'q3', content: 'c', quoteOf: original.id });
    await write(gone, { title: 'q4', content: 'c', quoteOf: original.id });
    expect((await read(reader, original.id)).quoteCount).toBe(4);

    await h.caller(reader.token).posts.delete({ id: q2.id });
    expect((await read(reader, original.id)).quoteCount).toBe(3);
    await h.caller(gone.token).users.deleteMe({ password: PASSWORD });
    expect((await read(reader, original.id)).quoteCount).toBe(1);
    expect(await quoteIds(reader, original.id)).toEqual([q1.id]);

    // A post of the deleted account that was quoted: its quote stays, quoting nothing.
    const goner = await h.user();
    const theirs = await write(goner, { title: 't', content: 'c' });
    const ofTheirs = await write(quoter, { title: 'of theirs', content: 'c', quoteOf: theirs.id });
    await h.caller(goner.token).users.deleteMe({ password: PASSWORD });
    expect((await read(reader, ofTheirs.id)).quoteOf).toBeNull();

    await h.caller(writer.token).posts.delete({ id: original.id });
    const kept = await read(reader, q1.id);
    expect(kept.quoteOf).toBeNull();
    expect(kept.content).toBe('kept');
    const [{ n }] = await h.orm.em
      .fork()
      .execute<[{ n: number }]>(`select count(*)::int as n from posts where quote_of_id = ${original.id}`);
    expect(n).toBe(0);
  });

  it('counts exactly under concurrent quotes and deletes of quotes', async () => {
    const original = await write(author, { title: 'popular', content: 'c' });
    const users = await Promise.all(Array.from({ length: 8 }, () => h.user()));
    for (let round = 0; round < 2; round++) {
      const quotes = await Promise.all(
        users.map((user) => write(user, { title: 'q', content: 'c', quoteOf: original.id })),
      );
      expect((await read(reader, original.id)).quoteCount).toBe(8);
      await Promise.all(quotes.map((quote, i) => h.caller(users[i]!.token).posts.delete({ id: quote.id })));
      expect((await read(reader, original.id)).quoteCount).toBe(0);
    }
  });
});

describe('live', () => {
  it("a quote's live event carries quoteOf as each follower reads it (null across a block from the quoted author); its notification is live", async () => {
    const [writer, q, plain, blocking] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    for (const follower of [plain, blocking]) await h.caller(follower.token).users.follow({ id: q.id });
    await h.caller(blocking.token).users.block({ id: writer.id });
    const original = await write(writer, { title: 'o', content: 'c' });
    const streams = await Promise.all(
      [plain, blocking].map((user) =>
        SseReader.open(`${h.baseUrl}/live/feed`, { authorization: `Bearer ${user.token}` }),
      ),
    );
    const notes = await SseReader.open(`${h.baseUrl}/live/notifications`, { authorization: `Bearer ${writer.token}` });
    streams.push(notes);
    try {
      const quote = await write(q, { title: 'quote', content: 'c', quoteOf: original.id });
      const [forPlain, forBlocking] = await Promise.all(
        streams.map(async (stream) => {
          await stream.untilEvents(1);
          return JSON.parse(stream.events[0]!.data) as {
            id: number;
            quoteOf: { id: number } | null;
            quoteCount: number;
          };
        }),
      );
      expect(forPlain!.id).toBe(quote.id);
      expect(forPlain!.quoteOf?.id).toBe(original.id);
      expect(forPlain).toEqual(await read(plain, quote.id));
      expect(forBlocking!.quoteOf).toBeNull();
      expect(forBlocking).toEqual(await read(blocking, quote.id));
      // The quoted author's notification is live too.
      await notes.untilEvents(1);
      expect(JSON.parse(notes.events[0]!.data)).toMatchObject({ type: 'quote', post: { id: quote.id } });
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
