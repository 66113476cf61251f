import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_ITEMS } from '../src/posts/posts.schemas.js';
import { expectApiError, expectTrpcError, summary } from './support/fixtures.js';
import { Harness, PASSWORD, type TestUser } from './support/harness.js';

/**
 * A Post embeds at most 20 likers and 20 comments, a Comment 20 likers, a profile 20 of each list,
 * each with its exact count; the rest is paged (docs/limits.md). Under the bounds an answer holds
 * everything, as before.
 */
let h: Harness;
let author: TestUser;
let reader: TestUser;
const OVER = PREVIEW_ITEMS + 5;

beforeAll(async () => {
  h = await Harness.start();
  [author, reader] = [await h.user({ firstName: 'Ada' }), await h.user({ firstName: 'Ray' })];
});
afterAll(() => h.close());

const sql = (text: string, values: unknown[] = []) => h.orm.em.getConnection().execute<{ id: number }[]>(text, values);

/** `count` users made at once in SQL (they never log in), by id. */
async function fans(count: number): Promise<number[]> {
  const rows: { id: number }[] = await sql(
    `insert into users (email, password_hash, first_name, last_name)
     select 'fan-' || gen_random_uuid() || '@example.com', 'x', 'Fan', 'N' || g from generate_series(1, ?) g returning id`,
    [count],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** An int[] literal: the SQL helper would spread a JavaScript array into a list. */
const pgArray = (values: number[]) => `{${values.join(',')}}`;

const ids = (list: { id: number }[]) => list.map((item) => item.id);

describe('a post past the bounds', () => {
  let post: number;
  let likers: number[];
  let comments: number[];

  beforeAll(async () => {
    post = (await h.caller(author.token).posts.create({ title: 'popular', content: 'c' })).id;
    likers = await fans(OVER);
    await sql(`insert into post_likes (post_id, user_id) select ?, unnest(?::int[])`, [post, pgArray(likers)]);
    const rows: { id: number }[] = await sql(
      `insert into comments (post_id, author_id, content, created_at)
       select ?, unnest(?::int[]), 'hi', now() - interval '1 minute' + g * interval '1 second'
       from generate_series(1, 1) g returning id`,
      [post, pgArray(likers)],
    );
    comments = rows.map((row) => row.id);
    await sql(`insert into comment_likes (comment_id, user_id) select ?, unnest(?::int[])`, [
      comments.at(-1),
      pgArray(likers),
    ]);
  });

  it('embeds the first 20 likers by id and the 20 newest comments, with exact counts, on every transport', async () => {
    const rest = await h.request('GET', `/posts/${post}`, { token: reader.token });
    expect(rest.status).toBe(200);
    const viaCaller = await h.caller(reader.token).posts.get({ id: post });
    expect(rest.body).toEqual(viaCaller);
    expect(ids(viaCaller.likedBy)).toEqual(likers.slice(0, PREVIEW_ITEMS));
    expect(viaCaller).toMatchObject({ likeCount: OVER, commentCount: OVER, likedByMe: false });
    const newest = [...comments].sort((a, b) => b - a);
    expect(ids(viaCaller.comments)).toEqual(newest.slice(0, PREVIEW_ITEMS));
    const liked = viaCaller.comments.find((comment) => comment.id === comments.at(-1))!;
    expect(liked).toMatchObject({ likeCount: OVER, likedByMe: false });
    expect(liked.likedBy).toHaveLength(PREVIEW_ITEMS);
    // The same in a page of posts and in the author's profile.
    const [inPage] = await h.caller(reader.token).posts.list({ limit: 1 });
    expect(inPage).toEqual(viaCaller);
    expect((await h.caller(reader.token).users.get({ id: author.id })).posts[0]).toEqual(viaCaller);
  });

  it('pages every liker of the post and of a comment, 20 by default, by user id', async () => {
    const first = await h.request('GET', `/posts/${post}/likes`, { token: reader.token });
    expect(first.status).toBe(200);
    expect(ids(first.body)).toEqual(likers.slice(0, 20));
    const rest = await h.caller(reader.token).posts.likes({ id: post, before: likers[19]! });
    expect(ids(rest)).toEqual(likers.slice(20));
    const small = await h.caller(reader.token).comments.likes({ id: comments.at(-1)!, limit: 3 });
    expect(ids(small)).toEqual(likers.slice(0, 3));
    expect(await h.caller(reader.token).comments.likes({ id: comments[0]! })).toEqual([]);
  });

  it('has no unpaged form of the new lists: limit is 1 to 100, and a missing post is 404', async () => {
    expectApiError(
      await h.request('GET', `/posts/${post}/likes?limit=101`, { token: reader.token }),
      400,
      'BAD_REQUEST',
    );
    expectApiError(await h.request('GET', `/posts/2000000000/likes`, { token: reader.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('GET', `/comments/2000000000/likes`, { token: reader.token }), 404, 'NOT_FOUND');
    expectApiError(await h.request('GET', `/users/2000000000/comments`, { token: reader.token }), 404, 'NOT_FOUND');
  });

  it('tells the caller their own like: likedByMe, and a second like is 400', async () => {
    const liked = await h.caller(reader.token).posts.like({ id: post });
    expect(liked).toMatchObject({ likeCount: OVER + 1, likedByMe: true });
    expect((await h.caller(reader.token).posts.get({ id: post })).likedByMe).toBe(true);
    expect((await h.caller(author.token).posts.get({ id: post })).likedByMe).toBe(false);
    await expectTrpcError(h.caller(reader.token).posts.like({ id: post }), 'BAD_REQUEST', 'Post already liked');
    const unliked = await h.caller(reader.token).posts.unlike({ id: post });
    expect(unliked).toMatchObject({ likeCount: OVER, likedByMe: false });
    expect(unliked.likedBy).toEqual((await h.caller(reader.token).posts.get({ id: post })).likedBy);
  });
});

describe('a profile past the bounds', () => {
  it('embeds the 20 newest posts and comments and the first 20 of each follow list, with exact counts', async () => {
    const star = await h.user({ firstName: 'Star' });
    const others = await fans(OVER);
    await sql(
      `insert into posts (title, content, author_id, created_at)
       select 'p' || g, 'c', ?, now() - g * interval '1 second' from generate_series(1, ?) g`,
      [star.id, OVER],
    );
    const post = (await h.caller(author.token).posts.create({ title: 'for comments', content: 'c' })).id;
    await sql(
      `insert into comments (post_id, author_id, content, created_at)
       select ?, ?, 'c' || g, now() - g * interval '1 second' from generate_series(1, ?) g`,
      [post, star.id, OVER],
    );
    await sql(`insert into follows (follower_id, followed_id) select unnest(?::int[]), ?`, [pgArray(others), star.id]);
    await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [star.id, pgArray(others)]);

    const profile = await h.caller(reader.token).users.get({ id: star.id });
    expect(profile).toMatchObject({ postCount: OVER, commentCount: OVER, followerCount: OVER, followedCount: OVER });
    expect(profile.posts.map((p) => p.title)).toEqual(Array.from({ length: 20 }, (_, i) => `p${i + 1}`));
    expect(profile.comments.map((c) => c.content)).toEqual(Array.from({ length: 20 }, (_, i) => `c${i + 1}`));
    expect(ids(profile.followers)).toEqual(others.slice(0, 20));
    expect(ids(profile.followed)).toEqual(others.slice(0, 20));
    expect((await h.request('GET', `/users/${star.id}`, { token: reader.token })).body).toEqual(profile);

    // Every comment, page by page, newest first.
    const page1 = await h.caller(reader.token).users.comments({ id: star.id });
    expect(page1).toEqual(profile.comments);
    const page2 = await h.request('GET', `/users/${star.id}/comments?before=${page1.at(-1)!.id}`, {
      token: reader.token,
    });
    expect(page2.body.map((c: { content: string }) => c.content)).toEqual(['c21', 'c22', 'c23', 'c24', 'c25']);
  });

  it('answers a profile under the bounds whole, as before, with its counts', async () => {
    const user = await h.user();
    const mine = await h.caller(user.token).posts.create({ title: 't', content: 'c' });
    await h.caller(reader.token).users.follow({ id: user.id });
    const profile = await h.caller(reader.token).users.get({ id: user.id });
    expect(profile).toEqual({
      ...summary(user),
      posts: [mine],
      comments: [],
      followed: [],
      followers: [summary(reader)],
      postCount: 1,
      commentCount: 0,
      followerCount: 1,
      followedCount: 0,
    });
  });
});

describe('the counters', () => {
  /** Every counter against a count of its rows: the rows that disagree. */
  const disagreeing = () =>
    sql(`select 'post' as kind, p.id from posts p left join post_stats s on s.post_id = p.id
           where coalesce(s.like_count, 0) <> (select count(*) from post_likes where post_id = p.id)
              or coalesce(s.comment_count, 0) <> (select count(*) from comments where post_id = p.id)
         union all
         select 'comment', c.id from comments c left join comment_stats s on s.comment_id = c.id
           where coalesce(s.like_count, 0) <> (select count(*) from comment_likes where comment_id = c.id)
         union all
         select 'user', u.id from users u left join user_stats s on s.user_id = u.id
           where coalesce(s.post_count, 0) <> (select count(*) from posts where author_id = u.id)
              or coalesce(s.comment_count, 0) <> (select count(*) from comments where author_id = u.id)
              or coalesce(s.follower_count, 0) <> (select count(*) from follows where followed_id = u.id)
              or coalesce(s.followed_count, 0) <> (select count(*) from follows where follower_id = u.id)`);

  it('hold under concurrent likes, comments, follows, unlikes, deletes and account deletion', async () => {
    const target = await h.user();
    const post = (await h.caller(target.token).posts.create({ title: 'hot', content: 'c' })).id;
    const users = await Promise.all(Array.from({ length: 12 }, () => h.user()));
    await Promise.all(
      users.flatMap((user) => [
        h.caller(user.token).posts.like({ id: post }),
        h.caller(user.token).posts.comment({ id: post, content: 'x' }),
        h.caller(user.token).users.follow({ id: target.id }),
      ]),
    );
    let read = await h.caller(reader.token).posts.get({ id: post });
    expect(read).toMatchObject({ likeCount: 12, commentCount: 12 });
    await Promise.all([
      ...users.slice(0, 4).map((user) => h.caller(user.token).posts.unlike({ id: post })),
      ...users.slice(4, 8).map((user) => h.caller(user.token).users.unfollow({ id: target.id })),
      ...users.slice(8).map((user) => h.caller(user.token).users.deleteMe({ password: PASSWORD })),
    ]);
    read = await h.caller(reader.token).posts.get({ id: post });
    expect(read).toMatchObject({ likeCount: 4, commentCount: 8 });
    expect(await h.caller(reader.token).users.get({ id: target.id })).toMatchObject({ followerCount: 4 });
    await h.caller(target.token).posts.delete({ id: post });
    expect(await disagreeing()).toEqual([]);
  });
});

describe('live events', () => {
  it('carry the bounded Post, shared by followers, with likedByMe their own', async () => {
    const { listPostsForFollowers } = await import('../src/live/live.queries.js');
    const [liker, other, commentLiker, blocker] = [await h.user(), await h.user(), await h.user(), await h.user()];
    for (const user of [liker, other, commentLiker, blocker])
      await h.caller(user.token).users.follow({ id: author.id });
    const post = (await h.caller(author.token).posts.create({ title: 'live', content: 'c' })).id;
    await h.caller(liker.token).posts.like({ id: post });
    const comment = await h.caller(other.token).posts.comment({ id: post, content: 'by other' });
    await h.caller(commentLiker.token).comments.like({ id: comment.id });
    await h.caller(blocker.token).users.block({ id: other.id });
    const followers = [liker, other, commentLiker, blocker];
    const rows = await listPostsForFollowers(
      h.orm,
      [post],
      followers.map((user) => user.id),
    );
    const of = (user: TestUser) => JSON.parse(rows.find((row) => row.followers.includes(user.id))!.event.json);
    for (const user of followers) expect(of(user)).toEqual(await h.caller(user.token).posts.get({ id: post }));
    expect([of(liker).likedByMe, of(other).likedByMe]).toEqual([true, false]);
    expect(of(commentLiker).comments[0].likedByMe).toBe(true);
    expect(of(blocker).comments).toEqual([]);
    // The one follower with neither likes nor blocks gets the shared event.
    expect(rows.find((row) => row.followers.includes(other.id))!.followers).toEqual([other.id]);
  });
});
