import { describe, expect, it } from 'vitest';
import { postListStatement, selectBookmarkedPosts } from '../../src/posts/post-lists.queries.js';
import { borrowConnection } from '../../src/db/sql.js';
import { useHarness } from '../support/harness.js';

/**
 * A page of posts is sorted before its JSON is built: a sort above the JSON columns would carry
 * every post's likes and comments through it (measured at a sixth of a 20-post page's PostgreSQL
 * CPU). Checked on the generic plan, the one a prepared statement keeps.
 */
const h = useHarness();

const variants = [false, true].flatMap((followed) =>
  [false, true].flatMap((after) => (['plain', 'guarded'] as const).map((reader) => ({ followed, after, reader }))),
);

describe('post page statements', () => {
  it.each(variants)('sort posts rows, not their JSON (%o)', async ({ followed, after, reader }) => {
    const statement = postListStatement(followed, after)[reader];
    const types = ['uuid', 'int', ...(after ? ['int'] : []), 'int'];
    const values = [`'00000000-0000-0000-0000-000000000000'`, 1, ...(after ? [1] : []), 20];
    const { client, release } = await borrowConnection(h.orm);
    try {
      // One transaction: behind a transaction-mode pooler, the only way to keep one server session.
      await client.query('begin');
      await client.query(`prepare page_plan (${types.join(', ')}) as ${statement.text}`);
      await client.query('set local plan_cache_mode = force_generic_plan');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) execute page_plan (${values.join(', ')})`,
      );
      await client.query('deallocate page_plan');
      await client.query('commit');
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      // The page's rows are aliased p where their JSON is built (postsArray).
      expect(plan).not.toMatch(/Sort Key: p\./);
      expect(plan).toMatch(/Aggregate/);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await release();
    }
  });
});

describe('the bookmarks page statement', () => {
  it.each([false, true])(
    'reads the caller’s bookmarks in order off their index, sorting nothing (after a cursor: %s)',
    async (after) => {
      const statement = selectBookmarkedPosts(1, { limit: 20, ...(after && { before: 1 }) });
      const { client, release } = await borrowConnection(h.orm);
      try {
        await client.query('begin');
        await client.query(`prepare bookmarks_plan as ${statement.text}`);
        await client.query('set local plan_cache_mode = force_generic_plan');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (costs off) execute bookmarks_plan (${statement.values.map((v) => `'${String(v)}'`).join(', ')})`,
        );
        await client.query('deallocate bookmarks_plan');
        await client.query('commit');
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toMatch(/bookmarks_user_created_index on bookmarks k/);
        expect(plan).not.toMatch(/Sort Key: k\./);
      } finally {
        await client.query('rollback').catch(() => undefined);
        await release();
      }
    },
  );
});
