import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, PASSWORD, type TestUser, useHarness } from '../../support/harness.js';
import { race } from '../../support/races.js';

const h = useHarness();
let author: TestUser;
let fan: TestUser;
beforeAll(async () => {
  author = await h.user();
  fan = await h.user();
});

const N = 8;
const burst = (send: () => Promise<{ status: number }>) => Promise.all(Array.from({ length: N }, send));
const sorted = (responses: { status: number }[]) => responses.map((r) => r.status).sort((a, b) => a - b);
const rows = async (sql: string, params: unknown[]) =>
  Number((await h.orm.em.getConnection().execute<{ n: number }[]>(sql, params))[0]!.n);

describe('concurrent duplicates settle exactly', () => {
  it('deletes of one post or one event: one 204, the rest 404, repeated', async () => {
    for (let round = 0; round < 5; round++) {
      const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
      const event = await h
        .caller(author.token)
        .events.create({ name: 'e', description: '', location: '', dateTime: '2030-01-01T00:00:00Z' });
      for (const path of [`/posts/${post.id}`, `/events/${event.id}`]) {
        const responses = await burst(() => h.request('DELETE', path, { token: author.token }));
        expect(sorted(responses), path).toEqual([204, ...Array(N - 1).fill(404)]);
      }
    }
  });

  it('unlikes: one 200, the rest 400, no row left', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    await h.caller(fan.token).posts.like({ id: post.id });
    const responses = await burst(() => h.request('DELETE', `/posts/${post.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from post_likes where post_id = ?', [post.id])).toBe(0);
  });

  it('comment likes: one 200, the rest 400, one row', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'c' });
    const responses = await burst(() => h.request('POST', `/comments/${comment.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from comment_likes where comment_id = ?', [comment.id])).toBe(1);
  });

  it('comment unlikes: one 200, the rest 400, no row left', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'c' });
    await h.caller(fan.token).comments.like({ id: comment.id });
    const responses = await burst(() => h.request('DELETE', `/comments/${comment.id}/like`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from comment_likes where comment_id = ?', [comment.id])).toBe(0);
  });

  it('unfollows: one 200, the rest 400, no row left', async () => {
    const target = await h.user();
    await h.caller(fan.token).users.follow({ id: target.id });
    const responses = await burst(() => h.request('DELETE', `/users/${target.id}/follow`, { token: fan.token }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from follows where followed_id = ?', [target.id])).toBe(0);
  });

  it('signups with one email: one 200, the rest 400, one user', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const body = { email, password: PASSWORD, passwordValidation: PASSWORD, firstName: 'R', lastName: 'Ace' };
    const responses = await burst(() => h.request('POST', '/auth/signup', { body }));
    expect(sorted(responses)).toEqual([200, ...Array(N - 1).fill(400)]);
    expect(await rows('select count(*)::int as n from users where email = ?', [email])).toBe(1);
  });

  it('edits of one post: all succeed, and the post ends as exactly one of them (never a mix)', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    let i = 0;
    const responses = await burst(() => {
      const n = i++;
      return h.request('PATCH', `/posts/${post.id}`, {
        token: author.token,
        body: { title: `title ${n}`, content: `content ${n}` },
      });
    });
    expect(sorted(responses)).toEqual(Array(N).fill(200));
    const final = await h.caller(author.token).posts.get({ id: post.id });
    expect(final.title.replace('title', 'content')).toBe(final.content);
  });

  it('likes racing a delete of the post: never a 500, nothing left behind', async () => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const likers = await Promise.all(Array.from({ length: 5 }, () => h.user()));
    const responses = await Promise.all([
      ...likers.map((u) => h.request('POST', `/posts/${post.id}/like`, { token: u.token })),
      h.request('DELETE', `/posts/${post.id}`, { token: author.token }),
      ...likers.map((u) => h.request('POST', `/posts/${post.id}/comment`, { token: u.token, body: { content: 'x' } })),
    ]);
    for (const res of responses) expect([200, 201, 204, 404]).toContain(res.status);
    expect(await rows('select count(*)::int as n from post_likes where post_id = ?', [post.id])).toBe(0);
    expect(await rows('select count(*)::int as n from comments where post_id = ?', [post.id])).toBe(0);
  });
});

describe('concurrent tagged posts', () => {
  const ROUNDS = 2;
  const sql = (text: string, params: unknown[] = []) => h.orm.em.getConnection().execute(text, params);

  /** 16 posts at once, 4 by each author, with tags of `pool`: sets of 10 to 4 of them, in differing orders. */
  const postAtOnce = async (authors: TestUser[], pool: string[], turn: number) => {
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) => {
        const some = pool.slice(0, 10 - 2 * (i >> 2));
        const at = (turn + i) % some.length;
        const tags = i % 2 === 0 ? some.reverse() : [...some.slice(at), ...some.slice(0, at)];
        const content = tags.map((tag) => `#${tag}`).join(' ');
        return h.caller(authors[i % authors.length]!.token).posts.create({ title: 'tagged', content });
      }),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
  };

  it('of authors sharing tags, in differing orders: none fails, and tag_authors holds exactly each author-tag bound', async () => {
    const authors = await Promise.all(Array.from({ length: 4 }, () => h.user()));
    const ids = authors.map((a) => a.id);
    // Each tag_authors row a post's trigger writes waits a moment first: concurrent posts of one author
    // then hold some of their rows while they write the rest, as on a loaded server.
    await sql(`create function pause_tag_author() returns trigger language plpgsql as $$
      begin if pg_trigger_depth() > 1 then perform pg_sleep(0.02); end if; return new; end $$`);
    await sql(`create trigger pause_tag_author before insert or update on tag_authors
      for each row execute function pause_tag_author()`);
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const pool = Array.from({ length: 10 }, (_, k) => `r${round}t${k}`);
        // Tags new to every author: each post inserts rows its author's other posts insert too.
        await postAtOnce(authors, pool, round);
        // Their bounds an hour back: each post moves rows its author's other posts move too.
        await sql(`update tag_authors set posted_before = posted_before - interval '1 hour' where tag in (?)`, [pool]);
        await postAtOnce(authors, pool, round + 1);
      }
    } finally {
      await sql('drop trigger pause_tag_author on tag_authors');
      await sql('drop function pause_tag_author()');
    }
    const differences = await sql(
      `with expected as (
         select tag, author_id, max(created_at) as posted_before
         from post_tags where author_id in (?) group by tag, author_id),
       kept as (select tag, author_id, posted_before from tag_authors where author_id in (?))
       (select 'missing' as side, * from (select * from expected except select * from kept) m)
       union all (select 'extra', * from (select * from kept except select * from expected) x)`,
      [ids, ids],
    );
    expect(differences).toEqual([]);
    expect(await rows('select count(*)::int as n from tag_authors where author_id in (?)', [ids])).toBe(
      ROUNDS * 10 * 4,
    );
  });
});

describe('taking back a like, repost or bookmark while its post or comment is deleted', () => {
  /** A post and a comment on it by the author, and `write` of the fan's on one of them. */
  const written = async (write: (ids: { post: number; comment: number }) => Promise<unknown>) => {
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    const comment = await h.caller(author.token).posts.comment({ id: post.id, content: 'c' });
    const ids = { post: post.id, comment: comment.id };
    await write(ids);
    return ids;
  };
  const fanOf = () => h.caller(fan.token);
  it.each([
    { what: 'comment like', on: 'comment', path: 'like', write: (id: number) => fanOf().comments.like({ id }) },
    { what: 'post like', on: 'post', path: 'like', write: (id: number) => fanOf().posts.like({ id }) },
    { what: 'repost', on: 'post', path: 'repost', write: (id: number) => fanOf().posts.repost({ id }) },
    { what: 'bookmark', on: 'post', path: 'bookmark', write: (id: number) => fanOf().posts.bookmark({ id }) },
  ] as const)(
    '$what: answered as for one already deleted (404), not as one never written (400)',
    async ({ on, path, write }) => {
      const table = on === 'post' ? 'posts' : 'comments';
      const undo = (ids: { post: number; comment: number }) =>
        h.request('DELETE', `/${table}/${ids[on]}/${path}`, { token: fan.token });

      const deleted = await written((ids) => write(ids[on]));
      expect((await h.request('DELETE', `/${table}/${deleted[on]}`, { token: author.token })).status).toBe(204);
      const answer = await undo(deleted);
      expect(answer.status, answer.text).toBe(404);

      // The delete is held open until the take-back waits on it, then committed.
      const racing = await written((ids) => write(ids[on]));
      const { outcome } = await race(
        h,
        (client) => client.query(`delete from ${table} where id = $1`, [racing[on]]),
        () => undo(racing),
      );
      const raced = outcome as ApiResponse;
      expect({ status: raced.status, body: raced.body }).toEqual({ status: answer.status, body: answer.body });
    },
  );
});
