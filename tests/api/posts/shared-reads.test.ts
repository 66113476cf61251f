import pg from 'pg';
import { register } from 'prom-client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST_BY_ID } from '../../../src/posts/posts.queries.js';
import { postListStatement } from '../../../src/posts/post-lists.queries.js';
import { PASSWORD, type TestUser, useHarness } from '../../support/harness.js';

/**
 * Hot reads share work (posts/shared-answers.ts): concurrent reads of one post or profile by
 * readers without blocks or mutes share one statement in flight, and each reader gets their own
 * `likedByMe`, their own session check, and nothing older than their own last write.
 *
 * To put readers into one flight without timing, the shared statement's result is held at the
 * driver once PostgreSQL has answered it (its snapshot is taken), until the test lets it go.
 */
const h = useHarness();
let author: TestUser;

beforeAll(async () => {
  author = await h.user();
});

const VIEWER_STATE = /feedline_visible_in/;

interface Held {
  /** Every statement's text sent meanwhile, and its values (by the same index). */
  sent: string[];
  values: unknown[][];
  /** Resolves once the first held statement's result has arrived. */
  answered: Promise<void>;
  release(): void;
  restore(): void;
}

/** Holds the results of statements whose text `matches`, once PostgreSQL has answered them, until `release`. */
function holdResults(matches: (text: string) => boolean): Held {
  const prototype = pg.Client.prototype as { query: (...args: unknown[]) => unknown };
  const query = prototype.query;
  const sent: string[] = [];
  const values: unknown[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as { text?: string; values?: unknown[] } | string;
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    sent.push(text);
    values.push((typeof config === 'string' ? args[1] : config?.values) as unknown[]);
    const result = query.apply(this, args);
    if (!matches(text) || !(result instanceof Promise)) return result;
    return result.then(
      async (value) => {
        answer();
        await gate;
        return value;
      },
      async (error: unknown) => {
        answer();
        await gate;
        throw error;
      },
    );
  };
  held = { sent, values, answered, release, restore: () => (prototype.query = query) };
  return held;
}

let held: Held | undefined;
afterEach(() => {
  held?.release();
  held?.restore();
  held = undefined;
});

/**
 * A new user, read once: test files share a process (`isolate: false`) but not a database, so this
 * process may remember a user of another file's database with the same id as one with blocks
 * (reader-statements.ts); a read corrects that, as it would on a server.
 */
async function reader(): Promise<TestUser> {
  const user = await h.user();
  await h.caller(user.token).users.me();
  return user;
}

/** Resolves once `condition` holds (polled). */
async function until(condition: () => boolean) {
  for (const started = Date.now(); !condition();) {
    if (Date.now() - started > 10_000) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Resolves once `count` reads wait on a statement in flight they joined (the metric says so). */
async function waiting(count: number) {
  const gauge = register.getSingleMetric('shared_read_waiters')!;
  for (const started = Date.now(); ;) {
    const { values } = await gauge.get();
    if (values[0]?.value === count) return;
    if (Date.now() - started > 10_000) throw new Error(`${values[0]?.value} waiting, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function popularPost() {
  const post = await h.caller(author.token).posts.create({ title: 'popular', content: 'read by many' });
  const comments = [];
  for (let i = 0; i < 3; i++)
    comments.push(await h.caller(author.token).posts.comment({ id: post.id, content: `c${i}` }));
  return { post, comments };
}

describe('concurrent reads of one post', () => {
  it('share one statement, and each reader gets their own likedByMe, over createCaller and REST', async () => {
    const { post, comments } = await popularPost();
    const [a, b, c] = [await reader(), await reader(), await reader()];
    await h.caller(a.token).posts.like({ id: post.id });
    await h.caller(a.token).comments.like({ id: comments[0]!.id });
    await h.caller(b.token).comments.like({ id: comments[2]!.id });
    const expected = {
      a: await h.caller(a.token).posts.get({ id: post.id }),
      b: await h.caller(b.token).posts.get({ id: post.id }),
      c: await h.request('GET', `/posts/${post.id}`, { token: c.token }),
    };

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(a.token).posts.get({ id: post.id });
    await hold.answered;
    const second = h.caller(b.token).posts.get({ id: post.id });
    const third = h.request('GET', `/posts/${post.id}`, { token: c.token });
    await waiting(2);
    hold.release();
    const [answerA, answerB, answerC] = await Promise.all([first, second, third]);

    // One statement for the post, one for both readers who joined it.
    expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(1);
    expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
    expect(answerA).toEqual(expected.a);
    expect(answerB).toEqual(expected.b);
    expect(answerC.text).toBe(expected.c.text);
    expect(answerA.likedByMe).toBe(true);
    expect(answerA.comments.map((comment) => comment.likedByMe)).toEqual([false, false, true]);
    expect(answerB.likedByMe).toBe(false);
    expect(answerB.comments.map((comment) => comment.likedByMe)).toEqual([true, false, false]);
  });

  const writes: [
    string,
    (reader: TestUser, postId: number, commentId: number) => Promise<unknown>,
    (post: any, reader: TestUser) => void,
  ][] = [
    [
      'a like of the post',
      (reader, id) => h.caller(reader.token).posts.like({ id }),
      (post, reader) => {
        expect(post.likedByMe).toBe(true);
        expect(post.likeCount).toBe(1);
        expect(post.likedBy.map((u: { id: number }) => u.id)).toEqual([reader.id]);
      },
    ],
    [
      'a repost of the post',
      (reader, id) => h.caller(reader.token).posts.repost({ id }),
      (post) => {
        expect(post.repostedByMe).toBe(true);
        expect(post.repostCount).toBe(1);
      },
    ],
    [
      'a comment on it',
      (reader, id) => h.caller(reader.token).posts.comment({ id, content: 'mine' }),
      (post) => {
        expect(post.commentCount).toBe(4);
        expect(post.comments[0].content).toBe('mine');
      },
    ],
    [
      'a like of one of its comments',
      (reader, _id, commentId) => h.caller(reader.token).comments.like({ id: commentId }),
      (post) => {
        expect(post.comments[2].likedByMe).toBe(true);
        expect(post.comments[2].likeCount).toBe(1);
      },
    ],
  ];

  for (const [what, write, check] of writes) {
    it(`never answer a reader from a statement that started before their own last write: ${what}`, async () => {
      const { post, comments } = await popularPost();
      const [early, writer] = [await reader(), await reader()];

      const hold = holdResults((text) => text === POST_BY_ID.plain.text);
      const first = h.caller(early.token).posts.get({ id: post.id });
      await hold.answered;
      await write(writer, post.id, comments[0]!.id);
      const mine = h.caller(writer.token).posts.get({ id: post.id });
      await waiting(1);
      hold.release();
      const [before, after] = await Promise.all([first, mine]);

      expect(before.likeCount + before.commentCount).toBe(3);
      check(after, writer);
      // The writer joined the flight (no statement of their own while it was held), found it older
      // than their write, and sent their own.
      expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
      expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(2);
    });
  }

  it("a reader's own new name is never older than their write, though the post's rows did not change", async () => {
    const { post } = await popularPost();
    const [early, liker] = [await reader(), await reader()];
    await h.caller(liker.token).posts.like({ id: post.id });

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(early.token).posts.get({ id: post.id });
    await hold.answered;
    await h.caller(liker.token).users.updateMe({ firstName: 'Renamed' });
    const mine = h.caller(liker.token).posts.get({ id: post.id });
    await waiting(1);
    hold.release();
    const [before, after] = await Promise.all([first, mine]);

    expect(before.likedBy[0]!.firstName).toBe(liker.firstName);
    expect(after.likedBy[0]!.firstName).toBe('Renamed');
  });

  it('a reader with a block or mute gets their own statement, and one whose session ended a 401', async () => {
    const { post } = await popularPost();
    const [early, blocker, loggedOut] = [await reader(), await reader(), await reader()];
    const blocked = await reader();
    await h.caller(blocked.token).posts.comment({ id: post.id, content: 'from the blocked user' });
    await h.caller(blocker.token).users.block({ id: blocked.id });
    await h.caller(loggedOut.token).auth.logout();

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(early.token).posts.get({ id: post.id });
    await hold.answered;
    const blockers = h.caller(blocker.token).posts.get({ id: post.id });
    const ended = h
      .caller(loggedOut.token)
      .posts.get({ id: post.id })
      .catch((error: { code: string }) => error.code);
    await waiting(2);
    hold.release();

    expect((await first).commentCount).toBe(4);
    expect((await blockers).commentCount).toBe(3);
    expect((await blockers).comments.map((c) => c.content)).not.toContain('from the blocked user');
    expect(await ended).toBe('UNAUTHORIZED');
  });

  it("one session's reads on several connections joined to a flight have its state read once; its user's ended session a 401", async () => {
    const { post } = await popularPost();
    const [early, many] = [await reader(), await reader()];
    await h.caller(many.token).posts.like({ id: post.id });
    const { token: ended } = await h.caller().auth.login({ email: many.email, password: PASSWORD });
    await h.caller(ended).auth.logout();

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(early.token).posts.get({ id: post.id });
    await hold.answered;
    const same = [1, 2, 3].map(() => h.caller(many.token).posts.get({ id: post.id }));
    const refused = h
      .caller(ended)
      .posts.get({ id: post.id })
      .catch((error: { code: string }) => error.code);
    await waiting(4);
    hold.release();

    expect((await first).likedByMe).toBe(false);
    for (const answer of await Promise.all(same)) expect(answer.likedByMe).toBe(true);
    expect(await refused).toBe('UNAUTHORIZED');
    const sessions = hold.sent.flatMap((text, i) => (VIEWER_STATE.test(text) ? [hold.values[i]![0]] : []));
    expect(sessions.map((jtis) => (jtis as string[]).length)).toEqual([2]);
  });
});

describe('a /trpc batch and a failed flight', () => {
  it('a /trpc batch that reads one post twice sends its statement once, and both answers are the plain read', async () => {
    const { post } = await popularPost();
    const a = await reader();
    await h.caller(a.token).posts.like({ id: post.id });
    const alone = await h.request(
      'GET',
      `/trpc/posts.get?input=${encodeURIComponent(JSON.stringify({ id: post.id }))}`,
      {
        token: a.token,
      },
    );

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const input = encodeURIComponent(JSON.stringify({ 0: { id: post.id }, 1: { id: post.id } }));
    const batch = h.request('GET', `/trpc/posts.get,posts.get?batch=1&input=${input}`, { token: a.token });
    await hold.answered;
    await waiting(1);
    hold.release();
    const answer = await batch;

    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([alone.body, alone.body]);
    expect(answer.body[0].result.data.likedByMe).toBe(true);
    expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(1);
  });

  it('readers who joined a flight whose connection was killed get their answers; its own reader a 503', async () => {
    const { post } = await popularPost();
    const [a, b, c] = [await reader(), await reader(), await reader()];
    const expected = await h.caller(b.token).posts.get({ id: post.id });
    // The shared statement waits on a lock the test holds, with readers joined to it, until its
    // backend is terminated: the real failure of a connection lost mid-statement.
    const locker = new pg.Client({ connectionString: h.directUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table posts in access exclusive mode');
      const first = h.request('GET', `/posts/${post.id}`, { token: a.token }).then((answer) => answer.status);
      const blocked = async () =>
        (
          await locker.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows;
      for (const started = Date.now(); (await blocked()).length === 0;) {
        if (Date.now() - started > 10_000) throw new Error('the shared statement never waited on the lock');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const second = h.caller(b.token).posts.get({ id: post.id });
      const third = h.request('GET', `/posts/${post.id}`, { token: c.token });
      await waiting(2);
      const [{ pid }] = (await blocked()) as [{ pid: number }];
      await locker.query('select pg_terminate_backend($1)', [pid]);
      await locker.query('commit');

      expect(await first).toBe(503);
      expect(await second).toEqual(expected);
      const thirdAnswer = await third;
      expect(thirdAnswer.status).toBe(200);
      expect(thirdAnswer.body.id).toBe(post.id);
    } finally {
      await locker.end();
    }
  });
});

describe('two databases in one process', () => {
  const other = useHarness();

  it('never share a statement: a read of the same post id on the other database is its own', async () => {
    const { post } = await popularPost();
    const otherAuthor = await other.user();
    await other.orm.em
      .getConnection()
      .execute(`insert into posts (id, title, content, author_id) values (?, 'the other database', 'x', ?)`, [
        post.id,
        otherAuthor.id,
      ]);
    const reader = await other.user();

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(author.token).posts.get({ id: post.id });
    await hold.answered;
    const elsewhere = other.caller(reader.token).posts.get({ id: post.id });
    // Its own statement is held too: it is in flight, not waiting on this database's.
    await until(() => hold.sent.filter((text) => text === POST_BY_ID.plain.text).length === 2);
    hold.release();

    expect((await first).title).toBe('popular');
    expect((await elsewhere).title).toBe('the other database');
  });
});

describe('concurrent reads of one profile', () => {
  const profileStatement = (text: string) => text.includes('pg_current_snapshot') && text.includes('u.id = $3');

  it('share one statement, each reader with their own likes', async () => {
    const owner = await reader();
    const post = await h.caller(owner.token).posts.create({ title: 'mine', content: 'profile post' });
    const a = await reader();
    await h.caller(a.token).posts.like({ id: post.id });

    const hold = holdResults(profileStatement);
    const first = h.caller(a.token).users.get({ id: owner.id });
    await hold.answered;
    const second = h.caller(author.token).users.get({ id: owner.id });
    await waiting(1);
    hold.release();

    expect((await first).posts[0]!.likedByMe).toBe(true);
    expect((await second).posts[0]!.likedByMe).toBe(false);
    expect(hold.sent.filter(profileStatement)).toHaveLength(1);
    expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
  });

  it("a follow's answer is never the profile from a statement that started before the follow", async () => {
    const [owner, early, follower] = [await reader(), await reader(), await reader()];

    const hold = holdResults(profileStatement);
    const first = h.caller(early.token).users.get({ id: owner.id });
    await hold.answered;
    const followed = h.caller(follower.token).users.follow({ id: owner.id });
    await waiting(1);
    hold.release();

    expect((await first).followerCount).toBe(0);
    expect((await followed).followerCount).toBe(1);
    expect((await followed).followers.map((u) => u.id)).toEqual([follower.id]);
    expect(hold.sent.filter(profileStatement)).toHaveLength(2);
  });
});

describe('concurrent reads of one page of all posts', () => {
  const PAGE = postListStatement(false, false).plain.text;

  it('share one statement, each reader with their own likes, reposts and bookmarks, over createCaller and REST', async () => {
    const { post, comments } = await popularPost();
    const [a, b, c] = [await reader(), await reader(), await reader()];
    await h.caller(a.token).posts.like({ id: post.id });
    await h.caller(a.token).comments.like({ id: comments[1]!.id });
    await h.caller(b.token).posts.repost({ id: post.id });
    await h.caller(b.token).posts.bookmark({ id: post.id });
    const expected = {
      a: await h.caller(a.token).posts.list({ limit: 5 }),
      b: await h.caller(b.token).posts.list({ limit: 5 }),
      c: await h.request('GET', '/posts?limit=5', { token: c.token }),
    };

    const hold = holdResults((text) => text === PAGE);
    const third = h.request('GET', '/posts?limit=5', { token: c.token });
    await hold.answered;
    const first = h.caller(a.token).posts.list({ limit: 5 });
    const second = h.caller(b.token).posts.list({ limit: 5 });
    await waiting(2);
    hold.release();
    const [answerA, answerB, answerC] = await Promise.all([first, second, third]);

    expect(hold.sent.filter((text) => text === PAGE)).toHaveLength(1);
    expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
    expect(answerA).toEqual(expected.a);
    expect(answerB).toEqual(expected.b);
    expect(answerC.text).toBe(expected.c.text);
    const top = (page: { id: number; likedByMe: boolean; repostedByMe: boolean; bookmarkedByMe: boolean }[]) =>
      page.find((item) => item.id === post.id)!;
    expect([top(answerA).likedByMe, top(answerA).repostedByMe, top(answerA).bookmarkedByMe]).toEqual([
      true,
      false,
      false,
    ]);
    expect([top(answerB).likedByMe, top(answerB).repostedByMe, top(answerB).bookmarkedByMe]).toEqual([
      false,
      true,
      true,
    ]);
    expect(answerA.find((item) => item.id === post.id)!.comments.map((comment) => comment.likedByMe)).toEqual([
      false,
      true,
      false,
    ]);
  });

  const writes: [
    string,
    (writer: TestUser, own: number) => Promise<unknown>,
    (page: { id: number }[], own: number, made: unknown) => void,
  ][] = [
    [
      'a new post of theirs',
      (writer) => h.caller(writer.token).posts.create({ title: 'mine, newest', content: 'after the flight began' }),
      (page, _own, made) => expect(page[0]!.id).toBe((made as { id: number }).id),
    ],
    [
      'the deletion of a post of theirs on the page',
      (writer, own) => h.caller(writer.token).posts.delete({ id: own }),
      (page, own) => expect(page.map((item) => item.id)).not.toContain(own),
    ],
  ];

  for (const [what, write, check] of writes) {
    it(`never answer a reader from a statement that started before their own write: ${what}`, async () => {
      const [early, writer] = [await reader(), await reader()];
      const own = (await h.caller(writer.token).posts.create({ title: 'mine', content: 'on the page' })).id;

      const hold = holdResults((text) => text === PAGE);
      const first = h.caller(early.token).posts.list({ limit: 5 });
      await hold.answered;
      const made = await write(writer, own);
      const mine = h.caller(writer.token).posts.list({ limit: 5 });
      await waiting(1);
      hold.release();
      const [before, after] = await Promise.all([first, mine]);

      expect(before.map((item) => item.id)).toContain(own);
      check(after, own, made);
      // The writer joined the flight, found it older than their write, and sent their own.
      expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
      expect(hold.sent.filter((text) => text === PAGE)).toHaveLength(2);
    });
  }
});

describe('reposts and bookmarks in shared reads', () => {
  it('each reader who joins a flight gets their own repostedByMe and bookmarkedByMe, over createCaller and REST', async () => {
    const { post } = await popularPost();
    const [a, b, c] = [await reader(), await reader(), await reader()];
    await h.caller(a.token).posts.repost({ id: post.id });
    await h.caller(b.token).posts.bookmark({ id: post.id });
    const expected = {
      a: await h.caller(a.token).posts.get({ id: post.id }),
      b: await h.caller(b.token).posts.get({ id: post.id }),
      c: await h.request('GET', `/posts/${post.id}`, { token: c.token }),
    };

    // The reader who neither reposted nor bookmarked leads: the others' values come from their state.
    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const third = h.request('GET', `/posts/${post.id}`, { token: c.token });
    await hold.answered;
    const first = h.caller(a.token).posts.get({ id: post.id });
    const second = h.caller(b.token).posts.get({ id: post.id });
    await waiting(2);
    hold.release();
    const [answerA, answerB, answerC] = await Promise.all([first, second, third]);

    expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(1);
    expect(hold.sent.filter((text) => VIEWER_STATE.test(text))).toHaveLength(1);
    expect(answerA).toEqual(expected.a);
    expect(answerB).toEqual(expected.b);
    expect(answerC.text).toBe(expected.c.text);
    expect([answerA.repostedByMe, answerA.bookmarkedByMe, answerA.repostCount]).toEqual([true, false, 1]);
    expect([answerB.repostedByMe, answerB.bookmarkedByMe, answerB.repostCount]).toEqual([false, true, 1]);
    expect([answerC.body.repostedByMe, answerC.body.bookmarkedByMe]).toEqual([false, false]);
  });

  it('a bookmark written after the shared statement began is in its writer’s answer, though no count changed', async () => {
    const { post } = await popularPost();
    const [early, writer] = [await reader(), await reader()];

    const hold = holdResults((text) => text === POST_BY_ID.plain.text);
    const first = h.caller(early.token).posts.get({ id: post.id });
    await hold.answered;
    await h.caller(writer.token).posts.bookmark({ id: post.id });
    const mine = h.caller(writer.token).posts.get({ id: post.id });
    await waiting(1);
    hold.release();
    const [before, after] = await Promise.all([first, mine]);

    expect(before.bookmarkedByMe).toBe(false);
    expect(after.bookmarkedByMe).toBe(true);
    // The writer joined the flight and their own state filled the marker: no statement of their own.
    expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(1);
  });

  it('a profile shared by readers: each gets their own reposts and bookmarks of its posts', async () => {
    const profileStatement = (text: string) => text.includes('pg_current_snapshot') && text.includes('u.id = $3');
    const owner = await reader();
    const post = await h.caller(owner.token).posts.create({ title: 'mine', content: 'profile post' });
    const [a, b] = [await reader(), await reader()];
    await h.caller(a.token).posts.bookmark({ id: post.id });
    await h.caller(b.token).posts.repost({ id: post.id });

    const hold = holdResults(profileStatement);
    const first = h.caller(a.token).users.get({ id: owner.id });
    await hold.answered;
    const second = h.caller(b.token).users.get({ id: owner.id });
    await waiting(1);
    hold.release();

    expect((await first).posts[0]).toMatchObject({ repostCount: 1, repostedByMe: false, bookmarkedByMe: true });
    expect((await second).posts[0]).toMatchObject({ repostCount: 1, repostedByMe: true, bookmarkedByMe: false });
    expect(hold.sent.filter(profileStatement)).toHaveLength(1);
  });
});

describe('quoted posts in shared reads', () => {
  const writes: [string, (writer: TestUser, quotedId: number) => Promise<unknown>, (quoteOf: any) => void][] = [
    [
      'an edit of the quoted post',
      (writer, id) => h.caller(writer.token).posts.update({ id, title: 'quoted', content: 'edited' }),
      (quoteOf) => expect(quoteOf.content).toBe('edited'),
    ],
    [
      'a like of the quoted post (its counter only)',
      (writer, id) => h.caller(writer.token).posts.like({ id }),
      (quoteOf) => expect(quoteOf.likeCount).toBe(1),
    ],
    [
      'the quoted post deleted (which sets the key on the quoting post null: its own row changes too)',
      (writer, id) => h.caller(writer.token).posts.delete({ id }),
      (quoteOf) => expect(quoteOf).toBeNull(),
    ],
  ];

  for (const [what, write, check] of writes) {
    it(`never answer a reader from a statement that started before their own write: ${what}`, async () => {
      const [early, writer] = [await reader(), await reader()];
      const quoted = await h.caller(writer.token).posts.create({ title: 'quoted', content: 'original' });
      const post = await h.caller(author.token).posts.create({ title: 'q', content: 'quoting', quoteOf: quoted.id });

      const hold = holdResults((text) => text === POST_BY_ID.plain.text);
      const first = h.caller(early.token).posts.get({ id: post.id });
      await hold.answered;
      await write(writer, quoted.id);
      const mine = h.request('GET', `/posts/${post.id}`, { token: writer.token });
      await waiting(1);
      hold.release();
      const [before, after] = await Promise.all([first, mine]);

      expect(before.quoteOf).toMatchObject({ id: quoted.id, content: 'original', likeCount: 0 });
      expect(after.status, after.text).toBe(200);
      check(after.body.quoteOf);
      // The writer joined the flight, found it older than their write, and sent their own.
      expect(hold.sent.filter((text) => text === POST_BY_ID.plain.text)).toHaveLength(2);
    });
  }

  it("a profile's posts: one whose quoted post its reader edited is not answered from before the edit", async () => {
    const profileStatement = (text: string) => text.includes('pg_current_snapshot') && text.includes('u.id = $3');
    const [owner, early, writer] = [await reader(), await reader(), await reader()];
    const quoted = await h.caller(writer.token).posts.create({ title: 'quoted', content: 'original' });
    await h.caller(owner.token).posts.create({ title: 'q', content: 'quoting', quoteOf: quoted.id });

    const hold = holdResults(profileStatement);
    const first = h.caller(early.token).users.get({ id: owner.id });
    await hold.answered;
    await h.caller(writer.token).posts.update({ id: quoted.id, title: 'quoted', content: 'edited' });
    const mine = h.caller(writer.token).users.get({ id: owner.id });
    await waiting(1);
    hold.release();

    expect((await first).posts[0]!.quoteOf).toMatchObject({ content: 'original' });
    expect((await mine).posts[0]!.quoteOf).toMatchObject({ content: 'edited' });
    expect(hold.sent.filter(profileStatement)).toHaveLength(2);
  });
});
