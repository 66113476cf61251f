import { describe, expect, it } from 'vitest';
import { selectPostList } from '../../src/posts/post-lists.queries.js';
import { pageStatement } from '../../src/trpc/lists.js';
import { borrowConnection, type DriverStatement } from '../../src/db/sql.js';
import { useHarness } from '../support/harness.js';

/**
 * A page of a tag's posts, and of a post's quotes, is one range of its index in the list's order:
 * no sort of the tag's or the post's rows, so a page costs what it reads whatever their number.
 * Sorting is disabled so that the planner, on these few rows, shows whether the index can serve.
 */
const h = useHarness();

async function planOf({ text, values }: DriverStatement): Promise<string> {
  const { client, release } = await borrowConnection(h.orm);
  try {
    await client.query('begin');
    await client.query('set local enable_sort = off');
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${text}`, values);
    await client.query('commit');
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('rollback').catch(() => undefined);
    await release();
  }
}

describe('pages of what posts share', () => {
  it.each([
    ['a tag', { tag: 'words' }, 'post_tags_tag_index'],
    ['a #tag search', { q: '#words' }, 'post_tags_tag_index'],
    ["a post's quotes", { quotesOf: 1 }, 'posts_quote_of_index'],
  ] as const)('%s: one range of its index, unsorted, after a cursor too', async (_, filter, index) => {
    for (const page of [{ limit: 20 }, { limit: 20, before: 1 }]) {
      const plan = await planOf(pageStatement(selectPostList({ viewerId: 1, ...filter, ...page }), { large: true }));
      expect(plan).toContain(index);
      expect(plan).not.toMatch(/Sort Key: (t|p)\./);
      if (process.env.SHOW_PLAN) console.log(plan);
    }
  });
});
