import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { resolve } from 'node:path';
import type { Client } from 'pg';
import { createOrmConfig, type OrmOptions } from '../mikro-orm.config.js';
import type { Config } from './config.js';
import { startEmbeddedPostgres, type Database } from './embedded-postgres.js';
import type { Logger } from './logger.js';

export type { Database };

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL kept in DATA_DIR. The service owns
 * that one (and refuses a DATA_DIR another live process owns); tools (`share`) use the server of
 * a running service instead, and start one of their own only when none runs.
 */
export async function startDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  logger: Logger;
  share?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, stop: async () => {} };
  return startEmbeddedPostgres(resolve(opts.dataDir), opts.logger, { share: opts.share });
}

/** The ORM options the configuration asks for, for a given database. */
export function ormOptions(config: Config, clientUrl: string, logger: Logger): OrmOptions {
  return {
    clientUrl,
    replicaUrls: config.DATABASE_REPLICA_URLS,
    logger,
    poolMax: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  };
}

/** Opens the ORM and brings the schema up to date. */
export async function initORM(opts: OrmOptions & { migrate?: boolean }): Promise<MikroORM> {
  const orm = await MikroORM.init(createOrmConfig(opts));
  if (opts.migrate !== false) await orm.getMigrator().up();
  return orm;
}

/** The pool under MikroORM, as Knex's client exposes it (Knex types it `any`); its connections are pg Clients. */
export interface KnexClient {
  acquireConnection(): Promise<Client>;
  releaseConnection(connection: Client): Promise<void>;
  pool: { numUsed(): number; numPendingAcquires(): number };
}

/** For the few statements that run on a pool connection directly, past the ORM. */
export function knexClientOf(em: EntityManager): KnexClient {
  return em.getConnection().getKnex().client as KnexClient;
}

/** The pools of MikroORM's `replicas` (DATABASE_REPLICA_URLS), in their order: the same pool options as the primary's. */
export function replicaClientsOf(orm: MikroORM): KnexClient[] {
  const { replicas } = orm.em.getDriver() as unknown as { replicas: { getKnex(): { client: KnexClient } }[] };
  return replicas.map((connection) => connection.getKnex().client);
}
