import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startNode, type Node } from '../topology.js';
import type { HaCluster } from './cluster.js';

/**
 * Creates `database` on the cluster and starts two Feedline nodes on it (writes through HAProxy's
 * write port, reads through its read port), one after the other: the first applies the migrations.
 */
export async function startNodesOnCluster(
  cluster: HaCluster,
  database: string,
  env: Record<string, string> = {},
): Promise<Node[]> {
  const admin = new pg.Client({ connectionString: cluster.writeUrl() });
  await admin.connect();
  await admin.query(`create database ${database}`).finally(() => admin.end());
  const nodeEnv = {
    DATABASE_URL: cluster.writeUrl(database),
    DATABASE_REPLICA_URLS: cluster.readUrl(database),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ...env,
  };
  const nodes = [await startNode(nodeEnv)];
  nodes.push(await startNode(nodeEnv));
  return nodes;
}
