import { describe, expect, it } from 'vitest';
import { borrowConnection } from '../../src/db/sql.js';
import { usersSelect } from '../../src/viewer/user-summary.sql.js';
import { useHarness } from '../support/harness.js';

/**
 * Every UserSummary (authors, likers, followers: hundreds in one post or profile) is read off the
 * covering index users_summary_index alone, avatarUrl included: an index-only scan, no heap visit.
 */
const h = useHarness();

describe('UserSummary reads', () => {
  it('are index-only scans of users_summary_index, avatar_url included', async () => {
    const { client, release } = await borrowConnection(h.orm);
    try {
      await client.query(`insert into users (email, password_hash, first_name, last_name, avatar_url)
        select 'plan-' || g || '@example.com', 'x', 'F', 'L', '/media/files/' || md5(g::text) || '.jpg'
        from generate_series(1, 2000) g`);
      // The visibility map, which lets a scan skip the heap, is set by a vacuum.
      await client.query('vacuum analyze users');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) ${usersSelect('u', 'from users u where u.id = any(array[3, 77, 1001])')}`,
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Only Scan using users_summary_index/);
    } finally {
      await release();
    }
  });
});
