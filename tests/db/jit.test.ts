import { describe, expect, it } from 'vitest';
import { borrowConnection } from '../../src/db/sql.js';
import { useHarness } from '../support/harness.js';

/**
 * The migrations turn JIT off for the database (Migration20261128000000): a statement that builds
 * Posts in SQL passes jit_above_cost, and compiling it would take longer than running it.
 */
const h = useHarness();

describe('JIT', () => {
  it("is off in the service's sessions, and a large statement is not compiled", async () => {
    const { client, release } = await borrowConnection(h.orm);
    try {
      expect((await client.query<{ jit: string }>('show jit')).rows[0]!.jit).toBe('off');
      // An estimated cost far past jit_above_cost's default (100,000).
      const { rows } = await client.query<{ 'QUERY PLAN': [{ JIT?: unknown; 'Total Cost'?: number }] }>(
        'explain (analyze, format json) select count(*) from generate_series(1, 3000000) a, generate_series(1, 1) b',
      );
      expect(rows[0]!['QUERY PLAN'][0].JIT).toBeUndefined();
    } finally {
      await release();
    }
  });
});
