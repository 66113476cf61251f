import { describe, expect, it } from 'vitest';
import { chunkOf, DEFAULT_COUNTS, SEED_PASSWORD, seed, seedEmail, statements } from '../../scripts/seed.js';
import { useHarness } from '../support/harness.js';

const h = useHarness();

describe('npm run seed', () => {
  it('keeps the password hash whole whatever its salt spells (a salt starting with "to" or "from")', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$toSaltSalt$fromHashHash';
    const users = chunkOf(statements(DEFAULT_COUNTS, hash).users, 1, 500);
    expect(users).toContain(`'${hash}'`);
    expect(users).toContain('generate_series(1, 500)');
  });

  it('fills every table with the counts asked for, keeps every index, and seeded users can log in', async () => {
    const counts = { users: 200, posts: 1000, likes: 5000, comments: 2000, commentLikes: 500, follows: 1500 };
    const result = await seed(h.databaseUrl, counts, { quiet: true });
    expect(result.rows).toBe(10_200);

    const conn = h.orm.em.getConnection();
    const [row] = await conn.execute(`select
      (select count(*) from users)::int as users, (select count(*) from posts)::int as posts,
      (select count(*) from post_likes)::int as likes, (select count(*) from comments)::int as comments,
      (select count(*) from comment_likes)::int as "commentLikes", (select count(*) from follows)::int as follows`);
    expect(row).toEqual(counts);
    expect(await h.orm.getSchemaGenerator().getUpdateSchemaSQL({ wrap: false })).toBe('');

    // Popularity is skewed: the most liked post has far more likes than the average (5).
    const [top] = await conn.execute(
      'select count(*)::int as n from post_likes group by post_id order by 1 desc limit 1',
    );
    expect(top!.n).toBeGreaterThan(50);

    // Every author's feed bound (newest_posts) lies past their newest post, though the seed skips triggers.
    const [unbounded] = await conn.execute(`select count(*)::int as n from (
      select author_id, max(created_at) as newest from posts group by author_id) p
      left join newest_posts b using (author_id) where b.posted_before is null or b.posted_before <= p.newest`);
    expect(unbounded).toEqual({ n: 0 });
    // Every follow carries its author's bound (no author here has CELEBRITY_FOLLOWERS followers), never an older one.
    const [follows] = await conn.execute(`select
      count(*) filter (where f.author_bound = 'infinity')::int as unbounded,
      count(*) filter (where n.posted_before is null or f.author_bound < n.posted_before)::int as stale
      from follows f left join newest_posts n on n.author_id = f.followed_id`);
    expect(follows).toEqual({ unbounded: 0, stale: 0 });

    const login = await h.request('POST', '/auth/login', { body: { email: seedEmail(7), password: SEED_PASSWORD } });
    expect(login.status).toBe(200);
  });
});
