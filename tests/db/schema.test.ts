import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { migrationsList } from '../../src/db/migrations/index.js';
import { borrowConnection } from '../../src/db/sql.js';
import { CELEBRITY_FOLLOWERS } from '../../src/posts/newest-post.entity.js';
import { useHarness } from '../support/harness.js';

const h = useHarness();

describe('schema', () => {
  it('the committed migrations produce exactly the schema the entities describe', async () => {
    const diff = await h.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('turns JIT off for the database (Migration20261128000000): a large statement is not compiled', async () => {
    const { client, release } = await borrowConnection(h.orm);
    try {
      expect((await client.query<{ jit: string }>('show jit')).rows[0]!.jit).toBe('off');
      // An estimated cost far past jit_above_cost's default (100,000); EXPLAIN says whether it would compile.
      const { rows } = await client.query<{ 'QUERY PLAN': [{ JIT?: unknown; Plan: { 'Total Cost': number } }] }>(
        'explain (format json) select count(*) from generate_series(1, 100000000)',
      );
      expect(rows[0]!['QUERY PLAN'][0].Plan['Total Cost']).toBeGreaterThan(1_000_000);
      expect(rows[0]!['QUERY PLAN'][0].JIT).toBeUndefined();
    } finally {
      await release();
    }
  });

  it('every migration file is registered in src/db/migrations/index.ts', () => {
    const files = readdirSync(new URL('../../src/db/migrations/', import.meta.url))
      .filter((file) => /^Migration\d+\.ts$/.test(file))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    expect(migrationsList.map((migration) => migration.name)).toEqual(files);
  });

  it('notifications index only the posts and comments they name (post likes and follows add no NULL entries)', async () => {
    const rows: { indexname: string; indexdef: string }[] = await h.orm.em
      .getConnection()
      .execute(
        `select indexname, indexdef from pg_indexes where tablename = 'notifications' and indexname in ('notifications_post_id_index', 'notifications_comment_id_index') order by indexname`,
      );
    expect(rows.map((row) => row.indexname)).toEqual(['notifications_comment_id_index', 'notifications_post_id_index']);
    for (const row of rows) expect(row.indexdef).toMatch(/WHERE \((post|comment)_id IS NOT NULL\)$/);
  });

  it('no migration is pending', async () => {
    expect(await h.orm.getMigrator().getPendingMigrations()).toEqual([]);
  });

  it('deleting a post removes its comments and likes', async () => {
    const author = await h.user();
    const fan = await h.user();
    const post = await h.caller(author.token).posts.create({ title: 't', content: 'c' });
    await h.caller(fan.token).posts.like({ id: post.id });
    const comment = await h.caller(fan.token).posts.comment({ id: post.id, content: 'hi' });
    await h.orm.em
      .getConnection()
      .execute('insert into comment_likes (comment_id, user_id) values (?, ?)', [comment.id, fan.id]);
    await h.caller(author.token).posts.delete({ id: post.id });
    const [counts] = await h.orm.em.getConnection().execute(
      `select (select count(*) from comments where post_id = ?)::int as comments,
              (select count(*) from post_likes where post_id = ?)::int as likes,
              (select count(*) from comment_likes where comment_id = ?)::int as comment_likes`,
      [post.id, post.id, comment.id],
    );
    expect(counts).toEqual({ comments: 0, likes: 0, comment_likes: 0 });
  });

  it('the database itself refuses a double like, a double follow and a self-follow', async () => {
    const a = await h.user();
    const b = await h.user();
    const post = await h.caller(a.token).posts.create({ title: 't', content: 'c' });
    const conn = h.orm.em.getConnection();
    await conn.execute('insert into post_likes (post_id, user_id) values (?, ?)', [post.id, b.id]);
    await expect(
      conn.execute('insert into post_likes (post_id, user_id) values (?, ?)', [post.id, b.id]),
    ).rejects.toThrow(/duplicate key/);
    await conn.execute('insert into follows (follower_id, followed_id) values (?, ?)', [a.id, b.id]);
    await expect(
      conn.execute('insert into follows (follower_id, followed_id) values (?, ?)', [a.id, b.id]),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      conn.execute('insert into follows (follower_id, followed_id) values (?, ?)', [a.id, a.id]),
    ).rejects.toThrow(/follows_not_self/);
  });
});

describe('Migration20261126040000 on rows written before it', () => {
  it('gives each follow its author’s bound, 200 of a celebrity’s, and -infinity for an author who never posted', async () => {
    const migrator = h.orm.getMigrator();
    const [author, silent, celebrity, reader] = [await h.user(), await h.user(), await h.user(), await h.user()];
    await migrator.down({ to: 'Migration20261126020000' });
    try {
      const conn = h.orm.em.getConnection();
      await conn.execute(
        `insert into posts (title, content, author_id, created_at) values ('p', 'c', ?, now() - interval '2 days')`,
        [author.id],
      );
      await conn.execute(`insert into posts (title, content, author_id) values ('p', 'c', ?)`, [celebrity.id]);
      await conn.execute(
        `insert into users (email, password_hash, first_name, last_name)
         select 'migration-fan-' || g || '@example.com', 'x', 'Fan', 'User' from generate_series(1, ${CELEBRITY_FOLLOWERS + 1}) g`,
      );
      await conn.execute(
        `insert into follows (follower_id, followed_id, created_at)
         select id, ?, now() - (id || ' seconds')::interval from users where email like 'migration-fan-%'`,
        [celebrity.id],
      );
      await conn.execute('insert into follows (follower_id, followed_id) values (?, ?), (?, ?)', [
        reader.id,
        author.id,
        reader.id,
        silent.id,
      ]);
    } finally {
      await migrator.up();
    }
    const rows = await h.orm.em.getConnection().execute<{ followed_id: number; bound: string; n: number }[]>(
      `select f.followed_id, case when f.author_bound = n.posted_before and n.posted_before > '-infinity' then 'author''s' else f.author_bound::text end as bound, count(*)::int as n
       from follows f left join newest_posts n on n.author_id = f.followed_id
       where f.followed_id in (?, ?, ?) group by 1, 2 order by 1, 2`,
      [author.id, silent.id, celebrity.id],
    );
    expect(rows.map(({ bound, n }) => [bound, n])).toEqual([
      ["author's", 1],
      ['-infinity', 1],
      ["author's", CELEBRITY_FOLLOWERS],
      ['infinity', 1],
    ]);
  });
});

describe('Migration20261127210000 on rows written before it', () => {
  it('gives every account a free handle from its name: the oldest of namesakes the name itself, all unique', async () => {
    const migrator = h.orm.getMigrator();
    const names = [
      ['Ada', 'Lovelace'],
      ['ADA', 'lovelace'],
      ['Adá', 'Lövelace'],
      ['Ada', 'Lovelace2'], // its own base is a namesake's next candidate
      ['Zoë', 'Ñandú'],
      ['X', '!'],
      ['', ''],
      ...Array.from({ length: 30 }, () => ['Many', 'Namesakes']),
    ];
    await migrator.down({ to: 'Migration20261127200000' });
    let ids: number[];
    try {
      const rows = await h.orm.em.getConnection().execute<{ id: number }[]>(
        `insert into users (email, password_hash, first_name, last_name)
         select 'handle-migration-' || g || '@example.com', 'x', n ->> 0, n ->> 1
         from jsonb_array_elements(?::jsonb) with ordinality t(n, g) order by g returning id`,
        [JSON.stringify(names)],
      );
      ids = rows.map((row) => row.id).sort((a, b) => a - b);
    } finally {
      await migrator.up();
    }
    const rows = await h.orm.em
      .getConnection()
      .execute<{ id: number; handle: string }[]>('select id, handle from users order by id');
    const all = rows.map((row) => row.handle);
    expect(new Set(all).size).toBe(all.length);
    for (const handle of all) expect(handle).toMatch(/^[a-z0-9_]{3,30}$/);
    const of = new Map(rows.map((row) => [row.id, row.handle]));
    const handles = ids.map((id) => of.get(id)!);
    expect(handles.slice(0, 7)).toEqual([
      'ada_lovelace',
      expect.stringMatching(/^ada_lovelace[34]$/),
      expect.stringMatching(/^ada_lovelace[34]$/),
      'ada_lovelace2',
      'zoe_nandu',
      'user_x',
      'user',
    ]);
    const namesakes = handles.slice(7);
    expect(namesakes).toContain('many_namesakes');
    expect(namesakes).toContain('many_namesakes20');
    expect(namesakes.filter((handle) => /^many_namesakes_\d{3,}$/.test(handle))).toHaveLength(10);
  });

  it('an insert without a handle gets a free one derived from the name, a bulk insert of namesakes too', async () => {
    const conn = h.orm.em.getConnection();
    const rows = await conn.execute<{ handle: string }[]>(
      `insert into users (email, password_hash, first_name, last_name)
       select 'handle-bulk-' || g || '@example.com', 'x', 'Bulk', 'Namesake' from generate_series(1, 25) g returning handle`,
    );
    expect(new Set(rows.map((row) => row.handle)).size).toBe(25);
    expect(rows.map((row) => row.handle)).toContain('bulk_namesake');
  });

  it('10,000 namesakes in one insert each cost a few probes of the unique key, not a pass over users', async () => {
    const started = Date.now();
    const [row] = await h.orm.em.getConnection().execute<{ n: number; distinct: number }[]>(
      `with ins as (insert into users (email, password_hash, first_name, last_name)
         select 'handle-crowd-' || g || '@example.com', 'x', 'Crowd', 'Namesake' from generate_series(1, 10000) g returning handle)
       select count(*)::int as n, count(distinct handle)::int as distinct from ins`,
    );
    expect(row).toEqual({ n: 10_000, distinct: 10_000 });
    // An anti join over users per row took the statement past its 15 s timeout here; probes take about 1 s.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('Migration20261128010000 on rows written before it', () => {
  it("gives each bounded follow its user's repost bound, -infinity to a user who never reposted, and the triggers keep it", async () => {
    const migrator = h.orm.getMigrator();
    const [reposter, silent, author, reader, later] = [
      await h.user(),
      await h.user(),
      await h.user(),
      await h.user(),
      await h.user(),
    ];
    const conn = h.orm.em.getConnection();
    const [post] = await conn.execute<{ id: number }[]>(
      `insert into posts (title, content, author_id, created_at) values ('p', 'c', ?, now() - interval '3 days') returning id`,
      [author.id],
    );
    const postId = post!.id;
    const bounds = () =>
      conn.execute<{ followed_id: number; follower_id: number; bound: string }[]>(
        `select f.followed_id, f.follower_id, case when f.repost_bound > '-infinity' and f.repost_bound = date_bin('1 minute',
           (select max(r.created_at) from reposts r where r.user_id = f.followed_id), timestamptz 'epoch') + interval '1 minute'
           then 'newest''s' else f.repost_bound::text end as bound
         from follows f where f.followed_id in (?, ?) order by 1, 2`,
        [reposter.id, silent.id],
      );
    await migrator.down({ to: 'Migration20261127221000' });
    try {
      await conn.execute(
        `insert into reposts (post_id, user_id, created_at) values (?, ?, now() - interval '2 days')`,
        [postId, reposter.id],
      );
      await conn.execute('insert into follows (follower_id, followed_id) values (?, ?), (?, ?)', [
        reader.id,
        reposter.id,
        reader.id,
        silent.id,
      ]);
    } finally {
      await migrator.up();
    }
    expect((await bounds()).map(({ bound }) => bound)).toEqual(["newest's", '-infinity']);
    // A repost advances the bound on the follows; a new follow takes it.
    await conn.execute(`insert into reposts (post_id, user_id) values (?, ?)`, [postId, silent.id]);
    await conn.execute('insert into follows (follower_id, followed_id) values (?, ?)', [later.id, reposter.id]);
    expect((await bounds()).map(({ bound }) => bound)).toEqual(["newest's", "newest's", "newest's"]);
  });
});
