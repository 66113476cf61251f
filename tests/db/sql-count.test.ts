import { beforeAll, describe, expect, it } from 'vitest';
import { Harness, type TestUser, useHarness } from '../support/harness.js';

/**
 * The nested read shapes must cost a fixed number of SQL statements whatever the data size:
 * the same count with 5 posts as with 50, each with likes, comments and comment likes.
 */
// As the benchmark runs it (perf/README.md): the per-user write limits add a statement of their own.
const h = useHarness({ WRITE_LIMITS: 'off' });
let reader: TestUser;
let authors: TestUser[];

beforeAll(async () => {
  reader = await h.user();
  authors = [await h.user(), await h.user()];
  for (const author of authors) await h.caller(reader.token).users.follow({ id: author.id });
});

async function addPosts(count: number) {
  const conn = h.orm.em.getConnection();
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    const post = await h.caller(author.token).posts.create({ title: `post ${i}`, content: 'body' });
    await h.caller(reader.token).posts.like({ id: post.id });
    await h.caller(authors[(i + 1) % authors.length]!.token).posts.like({ id: post.id });
    await h.caller(reader.token).posts.bookmark({ id: post.id });
    await h.caller(authors[(i + 1) % authors.length]!.token).posts.repost({ id: post.id });
    for (let c = 0; c < 2; c++) {
      const comment = await h.caller(reader.token).posts.comment({ id: post.id, content: `comment ${c}` });
      await conn.execute('insert into comment_likes (comment_id, user_id) values (?, ?)', [comment.id, author.id]);
    }
  }
}

async function countsFor() {
  const caller = h.caller(reader.token);
  const author = authors[0]!;
  return {
    'GET /posts': await h.countQueries(() => caller.posts.list()),
    'GET /posts/followed': await h.countQueries(() => caller.posts.followed()),
    'GET /users/{id}': await h.countQueries(() => caller.users.get({ id: author.id })),
    'GET /users/me': await h.countQueries(() => caller.users.me()),
    'GET /users/me/bookmarks?limit=20': await h.countQueries(() => caller.users.bookmarks({ limit: 20 })),
    'GET /posts/{id}': await h.countQueries(async () => {
      const [post] = await h.caller(reader.token).posts.list();
      await caller.posts.get({ id: post!.id });
    }),
  };
}

describe('SQL statements per request', () => {
  it('do not grow with the data (5 posts vs 50 posts)', async () => {
    await addPosts(5);
    const small = await countsFor();
    await addPosts(45);
    const large = await countsFor();

    const posts = await h.caller(reader.token).posts.list();
    expect(posts).toHaveLength(50);
    expect(posts.every((post) => post.likedBy.length === 2 && post.comments.length === 2)).toBe(true);
    expect(posts[0]!.comments[0]!.likedBy).toHaveLength(1);

    expect(large).toEqual(small);
    // One statement for the whole nested read, the check that the session is open included; an
    // unpaged post list built whole (createCaller, /trpc) checks the session first, then reads at most
    // TRPC_LIST_MAX_ITEMS + 1 posts (docs/limits.md).
    expect(small).toEqual({
      'GET /posts': 2,
      'GET /posts/followed': 2,
      'GET /users/{id}': 1,
      'GET /users/me': 1,
      'GET /users/me/bookmarks?limit=20': 2, // the session check, then the page
      'GET /posts/{id}': 3, // the list that finds the post, then the read
    });
  });

  it('writes that answer a post or a comment are one statement each, the session check included', async () => {
    const caller = h.caller(reader.token);
    let id = 0;
    const [post] = await caller.posts.list({ limit: 1 });
    const commentId = (await caller.posts.comment({ id: post!.id, content: 'counted' })).id;
    const counts = {
      'POST /posts': await h.countQueries(async () => {
        id = (await caller.posts.create({ title: 'counted', content: 'body' })).id;
      }),
      'POST /posts/{id}/like': await h.countQueries(() => caller.posts.like({ id })),
      'DELETE /posts/{id}/like': await h.countQueries(() => caller.posts.unlike({ id })),
      'POST /posts/{id}/repost': await h.countQueries(() => caller.posts.repost({ id })),
      'DELETE /posts/{id}/repost': await h.countQueries(() => caller.posts.unrepost({ id })),
      'POST /posts/{id}/bookmark': await h.countQueries(() => caller.posts.bookmark({ id })),
      'DELETE /posts/{id}/bookmark': await h.countQueries(() => caller.posts.unbookmark({ id })),
      'POST /comments/{id}/like': await h.countQueries(() => caller.comments.like({ id: commentId })),
      'DELETE /comments/{id}/like': await h.countQueries(() => caller.comments.unlike({ id: commentId })),
    };
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((request) => [request, 1])));
  });

  it('over REST, each request the benchmark drives is one statement, the session check included', async () => {
    const { token } = reader;
    const post = await h.caller(reader.token).posts.create({ title: 'to like over REST', content: 'body' });
    const count = (method: string, path: string, body?: unknown) =>
      h.countQueries(async () => {
        const res = await h.request(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBeLessThan(300);
      });
    const counts = {
      'GET /posts/{id}': await count('GET', `/posts/${post.id}`),
      'GET /posts?limit=20': await count('GET', '/posts?limit=20'),
      'GET /posts/followed?limit=20': await count('GET', '/posts/followed?limit=20'),
      'GET /users/{id}': await count('GET', `/users/${authors[0]!.id}`),
      'GET /users/me': await count('GET', '/users/me'),
      'POST /posts': await count('POST', '/posts', { title: 'over REST', content: 'body' }),
      'POST /posts/{id}/like': await count('POST', `/posts/${post.id}/like`),
      'DELETE /posts/{id}/like': await count('DELETE', `/posts/${post.id}/like`),
    };
    expect(counts).toEqual(Object.fromEntries(Object.keys(counts).map((request) => [request, 1])));
  });

  it('the one statement refuses a logged-out token (401), with nothing written', async () => {
    const user = await h.user();
    const caller = h.caller(user.token);
    const [post] = await caller.posts.list({ limit: 1 });
    const comment = await caller.posts.comment({ id: post!.id, content: 'before logout' });
    await caller.auth.logout();
    const refusals = [
      () => caller.posts.get({ id: post!.id }),
      () => caller.posts.list({ limit: 5 }),
      () => caller.posts.followed({ limit: 5 }),
      () => caller.users.get({ id: reader.id }),
      () => caller.users.me(),
      () => caller.posts.create({ title: 'after logout', content: 'must not be stored' }),
      () => caller.posts.like({ id: post!.id }),
      () => caller.posts.unlike({ id: post!.id }),
      () => caller.posts.repost({ id: post!.id }),
      () => caller.posts.unrepost({ id: post!.id }),
      () => caller.posts.bookmark({ id: post!.id }),
      () => caller.posts.unbookmark({ id: post!.id }),
      () => caller.comments.like({ id: comment.id }),
      () => caller.comments.unlike({ id: comment.id }),
    ];
    for (const refused of refusals) {
      expect(await h.countQueries(() => expect(refused()).rejects.toMatchObject({ code: 'UNAUTHORIZED' }))).toBe(1);
    }
    const [stored] = await h.orm.em
      .getConnection()
      .execute("select count(*)::int as n from posts where title = 'after logout'");
    expect(stored?.n).toBe(0);
  });

  it('with the write limits on, a write costs one statement more: its count, which checks the session too', async () => {
    const limited = await Harness.attach(h.databaseUrl, { WRITE_LIMITS: 'on' });
    try {
      const caller = limited.caller(reader.token);
      let id = 0;
      const counts = {
        'POST /posts': await limited.countQueries(async () => {
          id = (await caller.posts.create({ title: 'counted', content: 'body' })).id;
        }),
        'POST /posts/{id}/like': await limited.countQueries(() => caller.posts.like({ id })),
        'DELETE /posts/{id}/like': await limited.countQueries(() => caller.posts.unlike({ id })),
        // authedProcedure: the count replaces its own session check.
        'PATCH /users/me': await limited.countQueries(() => caller.users.updateMe({ firstName: 'Counted' })),
      };
      expect(counts).toEqual({
        'POST /posts': 2,
        'POST /posts/{id}/like': 2,
        'DELETE /posts/{id}/like': 2,
        'PATCH /users/me': 2,
      });
    } finally {
      await limited.close();
    }
  });
});
