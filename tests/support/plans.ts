import type { MikroORM } from '@mikro-orm/postgresql';
import { borrowConnection } from '../../src/db/sql.js';

/** A node of `EXPLAIN (FORMAT JSON)`, with the fields the plan tests read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** An EXPLAIN's answer: the plan, and its JIT section when PostgreSQL compiled it. */
export interface Explained {
  Plan: PlanNode;
  JIT?: { Functions: number };
}

/** The plan's nodes, its own first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** The plan's scans (of any kind) of the tables `relations`. */
export const scansOf = (plan: PlanNode, relations: string[]) =>
  planNodes(plan).filter((node) => relations.includes(node['Relation Name'] ?? '') && /Scan/.test(node['Node Type']));

/** Rows read by every scan of the tables `relations` (kept or filtered out), over every loop. */
export const rowsRead = (plan: PlanNode, relations: string[]) =>
  scansOf(plan, relations).reduce(
    (sum, node) =>
      sum + ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1),
    0,
  );

/**
 * EXPLAIN ANALYZE of the generic plan of `text` (what a prepared statement settles on, whatever its
 * values), run with `values`, SQL literals of `types`. In one transaction: behind a transaction-mode
 * pooler, the only way to keep one server session.
 */
export async function genericPlan(
  orm: MikroORM,
  text: string,
  types: string[],
  values: (string | number)[],
): Promise<Explained> {
  const { client, release } = await borrowConnection(orm);
  try {
    await client.query('begin');
    await client.query(`prepare generic_plan (${types.join(', ')}) as ${text}`);
    await client.query('set local plan_cache_mode = force_generic_plan');
    const { rows } = await client.query<{ 'QUERY PLAN': [Explained] }>(
      `explain (analyze, format json) execute generic_plan (${values.join(', ')})`,
    );
    await client.query('deallocate generic_plan');
    await client.query('commit');
    return rows[0]!['QUERY PLAN'][0];
  } finally {
    await client.query('rollback').catch(() => undefined);
    await release();
  }
}

/** EXPLAIN ANALYZE of `text` with `values` bound (the plan for those values). */
export async function boundPlan(orm: MikroORM, text: string, values: unknown[]): Promise<Explained> {
  const { client, release } = await borrowConnection(orm);
  try {
    const { rows } = await client.query<{ 'QUERY PLAN': [Explained] }>(
      `explain (analyze, format json) ${text}`,
      values,
    );
    return rows[0]!['QUERY PLAN'][0];
  } finally {
    await release();
  }
}

/** A session of `userId`'s as the SQL literal a session statement's first value takes. */
export async function sessionLiteral(orm: MikroORM, userId: number): Promise<string> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ jti: string }[]>('select jti from sessions where user_id = ? limit 1', [userId]);
  return `'${row!.jti}'`;
}
