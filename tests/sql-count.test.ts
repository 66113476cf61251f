import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, type TestUser } from './support/harness.js';

/**
 * The nested read shapes must cost a fixed number of SQL statements whatever the data size:
 * the same count with 5 posts as with 50, each with likes, comments and comment likes.
 */
let h: Harness;
let reader: TestUser;
let authors: TestUser[];

beforeAll(async () => {
  h = await Harness.start();
  reader = await h.user();
  authors = [await h.user(), await h.user()];
  for (const author of authors) await h.caller(reader.token).users.follow({ id: author.id });
});
afterAll(() => h.close());

async function addPosts(count: number) {
  const conn = h.orm.em.getConnection();
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    const post = await h.caller(author.token).posts.create({ title: `post ${i}`, content: 'body' });
    await h.caller(reader.token).posts.like({ id: post.id });
    await h.caller(authors[(i + 1) % authors.length]!.token).posts.like({ id: post.id });
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
    // Authentication (one session lookup) plus one statement for the whole nested read.
    expect(small['GET /posts']).toBe(2);
    expect(small['GET /posts/followed']).toBe(2);
    expect(small['GET /users/{id}']).toBe(2);
    expect(small['GET /users/me']).toBe(2);
  });
});
