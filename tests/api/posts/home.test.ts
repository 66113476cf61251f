import { beforeAll, describe, expect, it } from 'vitest';
import { HOME_REPOST_WALK } from '../../../src/posts/home.queries.js';
import { expectApiError } from '../../support/fixtures.js';
import { type TestUser, useHarness } from '../../support/harness.js';

/**
 * The home timeline against an oracle: rows of follows, tags, reposts, blocks and mutes written
 * directly, the expected items computed here from the rule (each post once, at its newest
 * occurrence: a followed user's newest repost of it, else its own time when its author or one of
 * its tags is followed; blocked and muted users' posts and reposts left out), then every way of
 * reading it compared with that: pages of several sizes walked to the end over createCaller and
 * REST, the unpaged REST stream and the whole list over createCaller.
 */
const h = useHarness();

interface Row {
  id: number;
  at: number;
}
interface Seeded {
  posts: (Row & { author: number; tags: string[] })[];
  reposts: (Row & { post: number; user: number })[];
}

type Item = { id: number; repostedBy: { id: number } | null; repostedAt: string | null; cursor: string };

const sql = <T = any>(text: string, values: unknown[] = []): Promise<T[]> =>
  h.orm.em.getConnection().execute<T[]>(text, values);

/** A seeded random sequence, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Users made directly (no sign-up): their ids. */
async function makeUsers(count: number, prefix: string): Promise<number[]> {
  const rows = await sql(
    `insert into users (email, password_hash, first_name, last_name)
     select '${prefix}-' || g || '@example.com', 'x', 'Home', 'User' || g from generate_series(1, ?) g returning id`,
    [count],
  );
  return rows.map((row) => (row as { id: number }).id);
}

/** What the reader's home timeline holds, by the rule, newest first. */
function expected(
  seeded: Seeded,
  { followed, tags, hidden }: { followed: Set<number>; tags: Set<string>; hidden: Set<number> },
): { id: number; at: number; reposter: number | null }[] {
  const items = new Map<number, { id: number; at: number; reposter: number | null; rid: number }>();
  const offer = (id: number, at: number, reposter: number | null, rid: number) => {
    const current = items.get(id);
    if (!current || at > current.at || (at === current.at && rid > current.rid))
      items.set(id, { id, at, reposter, rid });
  };
  const byId = new Map(seeded.posts.map((post) => [post.id, post]));
  for (const post of seeded.posts) {
    if (hidden.has(post.author)) continue;
    if (followed.has(post.author) || post.tags.some((tag) => tags.has(tag))) offer(post.id, post.at, null, 0);
  }
  for (const repost of seeded.reposts) {
    if (!followed.has(repost.user) || hidden.has(byId.get(repost.post)!.author)) continue;
    offer(repost.post, repost.at, repost.user, repost.id);
  }
  return [...items.values()]
    .sort((a, b) => b.at - a.at || b.id - a.id)
    .map(({ id, at, reposter }) => ({ id, at, reposter }));
}

/** Every page of `size` items, each after the last one's cursor, over createCaller or REST. */
async function walk(reader: TestUser, size: number, over: 'caller' | 'rest'): Promise<Item[]> {
  const all: Item[] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 200; pages++) {
    let page: Item[];
    if (over === 'caller') {
      page = await h.caller(reader.token).posts.home({ limit: size, ...(before && { before }) });
    } else {
      const response = await h.request('GET', `/posts/home?limit=${size}${before ? `&before=${before}` : ''}`, {
        token: reader.token,
      });
      expect(response.status, response.text).toBe(200);
      page = response.body as Item[];
    }
    all.push(...page);
    if (page.length < size) return all;
    before = page.at(-1)!.cursor;
  }
  throw new Error('more than 200 pages');
}

const shape = (items: Item[]) =>
  items.map((item) => ({
    id: item.id,
    at: Number(item.cursor.split('_')[0]),
    reposter: item.repostedBy?.id ?? null,
  }));

describe('the home timeline, against the rule', () => {
  let reader: TestUser;
  let seeded: Seeded;
  let rule: { followed: Set<number>; tags: Set<string>; hidden: Set<number> };

  beforeAll(async () => {
    reader = await h.user();
    const next = random(41);
    const users = await makeUsers(14, 'home-oracle');
    const [blocked, blocker, muted, ...rest] = users as [number, number, number, ...number[]];
    // The reader follows half of the others, the blocked and the muted users among them.
    const followed = [blocked, blocker, muted, ...rest.filter((_, i) => i % 2 === 0)];
    await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [
      reader.id,
      `{${followed.join(',')}}`,
    ]);
    const tagPool = ['rust', 'go', 'zig', 'ocaml', 'elm'];
    await sql(`insert into tag_follows (user_id, tag) values (?, 'rust'), (?, 'zig')`, [reader.id, reader.id]);
    const base = Date.now() - 10 * 3600_000;
    const posts: Seeded['posts'] = [];
    for (let i = 0; i < 80; i++) {
      const author = users[Math.floor(next() * users.length)]!;
      // Instants on a coarse grid, so that ties in milliseconds happen.
      const at = base + Math.floor(next() * 200) * 60_000;
      const tags = tagPool.filter(() => next() < 0.25);
      // The row's tags, as a post's write stores them: post_tags follows by trigger.
      const [row] = await sql<{ id: number; at: string }>(
        `insert into posts (title, content, author_id, created_at, tags)
         values ('p', 'c', ?, to_timestamp(? / 1000.0), nullif(?::varchar(50)[], '{}'))
         returning id, (extract(epoch from created_at) * 1000)::bigint as at`,
        [author, at, `{${tags.join(',')}}`],
      );
      posts.push({ id: row!.id, at: Number(row!.at), author, tags });
    }
    const reposts: Seeded['reposts'] = [];
    const reposters = [...users, reader.id];
    for (let i = 0; i < 90; i++) {
      const post = posts[Math.floor(next() * posts.length)]!;
      const user = reposters[Math.floor(next() * reposters.length)]!;
      if (reposts.some((r) => r.post === post.id && r.user === user)) continue;
      const at = post.at + (1 + Math.floor(next() * 300)) * 60_000;
      const [row] = await sql<{ id: number; at: string }>(
        `insert into reposts (post_id, user_id, created_at) values (?, ?, to_timestamp(? / 1000.0)) returning id, (extract(epoch from created_at) * 1000)::bigint as at`,
        [post.id, user, at],
      );
      reposts.push({ id: row!.id, at: Number(row!.at), post: post.id, user });
    }
    seeded = { posts, reposts };
    // Blocks end follows (a trigger): the blocked and the blocker are followed no more; the muted one stays followed but hidden.
    await sql(`insert into blocks (blocker_id, blocked_id) values (?, ?), (?, ?)`, [
      reader.id,
      blocked,
      blocker,
      reader.id,
    ]);
    await sql(`insert into mutes (muter_id, muted_id) values (?, ?)`, [reader.id, muted]);
    rule = {
      followed: new Set(followed.filter((id) => id !== blocked && id !== blocker && id !== muted)),
      tags: new Set(['rust', 'zig']),
      hidden: new Set([blocked, blocker, muted]),
    };
  });

  it('pages of 1, 3 and 20 over createCaller, and 7 over REST, each post once at its newest', async () => {
    const want = expected(seeded, rule);
    expect(want.length).toBeGreaterThan(30);
    expect(want.some((item) => item.reposter !== null)).toBe(true);
    for (const size of [1, 3, 20]) expect(shape(await walk(reader, size, 'caller')), `pages of ${size}`).toEqual(want);
    expect(shape(await walk(reader, 7, 'rest'))).toEqual(want);
  });

  it('the unpaged REST stream and the whole list over createCaller hold the same items', async () => {
    const want = expected(seeded, rule);
    const streamed = await h.request('GET', '/posts/home', { token: reader.token });
    expect(streamed.status).toBe(200);
    expect(shape(streamed.body as Item[])).toEqual(want);
    expect(shape((await h.caller(reader.token).posts.home()) as Item[])).toEqual(want);
    // After a cursor: the rest.
    const cursor = (streamed.body as Item[])[9]!.cursor;
    const rest = await h.request('GET', `/posts/home?before=${cursor}`, { token: reader.token });
    expect(shape(rest.body as Item[])).toEqual(want.slice(10));
  });

  it('for a reader without blocks or mutes (the plain statement), following the same users and tags', async () => {
    const plain = await h.user();
    const all = [...rule.followed, ...rule.hidden];
    await sql(`insert into follows (follower_id, followed_id) select ?, unnest(?::int[])`, [
      plain.id,
      `{${all.join(',')}}`,
    ]);
    await sql(`insert into tag_follows (user_id, tag) values (?, 'rust'), (?, 'zig')`, [plain.id, plain.id]);
    const want = expected(seeded, { ...rule, followed: new Set(all), hidden: new Set() });
    expect(shape(await walk(plain, 4, 'caller'))).toEqual(want);
    expect(shape((await h.request('GET', '/posts/home', { token: plain.token })).body as Item[])).toEqual(want);
  });
});

describe('the home timeline, rule by rule', () => {
  it('a repost brings an old post to the top, once, at its newest repost by a followed user', async () => {
    const [reader, author, first, second] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    for (const user of [first, second]) await h.caller(reader.token).users.follow({ id: user.id });
    const old = await h.caller(author.token).posts.create({ title: 'old', content: 'from before' });
    const newer = await h.caller(first.token).posts.create({ title: 'newer', content: 'c' });
    expect((await h.caller(reader.token).posts.home({ limit: 10 })).map((item) => item.id)).toEqual([newer.id]);
    await h.caller(first.token).posts.repost({ id: old.id });
    await h.request('POST', `/posts/${old.id}/repost`, { token: second.token });
    const items = await h.caller(reader.token).posts.home({ limit: 10 });
    expect(items.map((item) => [item.id, item.repostedBy?.id ?? null])).toEqual([
      [old.id, second.id],
      [newer.id, null],
    ]);
    expect(items[0]!.repostedAt).toMatch(/Z$/);
    expect(items[1]!.repostedAt).toBeNull();
    // A profile's posts stay the posts the user wrote.
    const profile = await h.request('GET', `/users/${second.id}/posts`, { token: reader.token });
    expect(profile.body).toEqual([]);
    // The followed feed is unchanged: only posts by followed users.
    expect((await h.caller(reader.token).posts.followed({ limit: 10 })).map((post) => post.id)).toEqual([newer.id]);
  });

  it('a post of several followed tags is one item, and the older posts of those tags still fill the page', async () => {
    const [reader, author] = await Promise.all([h.user(), h.user()]);
    await sql(`insert into tag_follows (user_id, tag) values (?, 'alpha'), (?, 'beta'), (?, 'gamma')`, [
      reader.id,
      reader.id,
      reader.id,
    ]);
    const tagged = async (title: string, minutesAgo: number, tags: string[]) => {
      const post = await h.caller(author.token).posts.create({ title, content: 'c' });
      await sql(`update posts set created_at = now() - ? * interval '1 minute' where id = ?`, [minutesAgo, post.id]);
      for (const tag of tags) {
        await sql(
          `insert into post_tags (post_id, tag, author_id, created_at) select id, ?, author_id, created_at from posts where id = ?`,
          [tag, post.id],
        );
      }
      return post.id;
    };
    // The two newest tag heads are one post (alpha and beta): the floor must not be taken from them.
    const both = await tagged('alpha and beta', 1, ['alpha', 'beta']);
    const gamma = await tagged('gamma', 30, ['gamma']);
    const alpha = await tagged('alpha again', 10, ['alpha']);
    const first = await h.caller(reader.token).posts.home({ limit: 2 });
    expect(first.map((item) => item.id)).toEqual([both, alpha]);
    const second = await h.caller(reader.token).posts.home({ limit: 2, before: first[1]!.cursor });
    expect(second.map((item) => item.id)).toEqual([gamma]);
  });

  it('a before that is no cursor is a 400 naming before, on REST and createCaller', async () => {
    const reader = await h.user();
    for (const before of ['12', 'x_1', '1_2_3', '1764270000000_99999999999', '1_3000000000', '999999999999999_1']) {
      const response = await h.request('GET', `/posts/home?limit=5&before=${before}`, { token: reader.token });
      expectApiError(response, 400, 'BAD_REQUEST');
      expect(JSON.stringify(response.body)).toContain('before');
      // One message, whether the pattern or the bounds refused it.
      expect(response.body.message).toBe('before must be the cursor of a home timeline item');
    }
    await expect(h.caller(reader.token).posts.home({ limit: 5, before: 'nope' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await h.request('GET', '/posts/home')).status).toBe(401);
  });

  it('a page finds reposts past a walk of the newest HOME_REPOST_WALK reposts by others', async () => {
    const [reader, friend, author] = await Promise.all([h.user(), h.user(), h.user()]);
    await h.caller(reader.token).users.follow({ id: friend.id });
    const post = await h.caller(author.token).posts.create({ title: 'reposted long ago', content: 'c' });
    await sql(`insert into reposts (post_id, user_id, created_at) values (?, ?, now() - interval '1 day')`, [
      post.id,
      friend.id,
    ]);
    const strangers = await makeUsers(HOME_REPOST_WALK + 5, 'home-walk');
    await sql(`insert into reposts (post_id, user_id) select ?, unnest(?::int[])`, [
      post.id,
      `{${strangers.join(',')}}`,
    ]);
    const items = await h.caller(reader.token).posts.home({ limit: 5 });
    expect(items.map((item) => [item.id, item.repostedBy?.id])).toEqual([[post.id, friend.id]]);
  });
});
