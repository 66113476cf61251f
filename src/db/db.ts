import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { resolve } from 'node:path';
import pg, { type Client } from 'pg';
import { createOrmConfig, type OrmOptions } from '../../mikro-orm.config.js';
import { migrationsList } from './migrations/index.js';
import type { Config } from '../platform/config.js';
import { startEmbeddedPostgres, type Database } from './embedded/embedded-postgres.js';
import type { Logger } from '../platform/logger.js';
import { rowGuard } from './row-guard.js';

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

type DirectUrlConfig = Pick<Config, 'DATABASE_DIRECT_URL' | 'LIVE_LISTEN_DATABASE_URL'>;

/**
 * The database's own address when DATABASE_URL is a transaction-mode pooler (DATABASE_DIRECT_URL,
 * or its older name LIVE_LISTEN_DATABASE_URL); undefined when DATABASE_URL is the database itself.
 */
export const directDatabaseUrl = (config: DirectUrlConfig): string | undefined =>
  config.DATABASE_DIRECT_URL ?? config.LIVE_LISTEN_DATABASE_URL;

/** The ORM options the configuration asks for, for a given database. */
export function ormOptions(config: Config, clientUrl: string, logger: Logger): OrmOptions {
  return {
    clientUrl,
    replicaUrls: config.DATABASE_REPLICA_URLS,
    logger,
    poolMax: config.DB_POOL_MAX,
    acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    // A stock PgBouncer refuses it as a startup parameter: behind one, the role keeps it (see migrateDatabase).
    statementTimeoutAtStartup: directDatabaseUrl(config) === undefined,
    preparedStatements: config.DB_PREPARED_STATEMENTS,
    maxRowBytes: config.DB_MAX_ROW_BYTES,
  };
}

/**
 * Any constant: the key of the transaction-scoped advisory lock under which one instance at a time
 * migrates. Transaction-scoped, so that it holds through a transaction-mode pooler too (the pooler
 * keeps one server connection for a transaction, not for a session) and ends with the
 * transaction, or with the connection of an instance that died.
 */
const MIGRATION_LOCK = 4_726_273_301;

/**
 * Brings the schema up to date, one instance at a time: any number may call it at once, in any
 * order; the first migrates, the others wait on the lock, then find nothing left to do.
 * `statementTimeoutMs`, when given, becomes this role's default in this database: where a
 * transaction-mode pooler's server connections take it from.
 */
export async function migrateDatabase({
  url,
  logger,
  statementTimeoutMs,
}: {
  url: string;
  logger?: Logger;
  statementTimeoutMs?: number;
}): Promise<void> {
  const lock = new pg.Client({ connectionString: url, application_name: 'feedline-migrate', stream: rowGuard() });
  await lock.connect();
  try {
    await lock.query('begin');
    // The wait lasts as long as another instance's migrations: a role's statement timeout must not end it.
    await lock.query('set local statement_timeout = 0');
    await lock.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const orm = await MikroORM.init(createOrmConfig({ clientUrl: url, logger, poolMax: 1 }));
    try {
      const applied = await orm.getMigrator().up();
      if (applied.length > 0) logger?.info({ migrations: applied.map((m) => m.name) }, 'migrations applied');
    } finally {
      await orm.close();
    }
    if (statementTimeoutMs !== undefined) {
      await lock.query(`do $$ begin execute format('alter role current_user in database %I set statement_timeout = %s',
        current_database(), ${Math.trunc(statementTimeoutMs)}); end $$`);
    }
    await lock.query('commit');
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/**
 * migrateDatabase on the direct address when DATABASE_URL (`databaseUrl`) is a pooler, which
 * then also records the statement timeout the pooler's server connections take.
 */
export function migrateAsConfigured(
  config: DirectUrlConfig & Pick<Config, 'DB_STATEMENT_TIMEOUT_MS'>,
  databaseUrl: string,
  logger: Logger,
): Promise<void> {
  const direct = directDatabaseUrl(config);
  return migrateDatabase({
    url: direct ?? databaseUrl,
    logger,
    statementTimeoutMs: direct === undefined ? undefined : config.DB_STATEMENT_TIMEOUT_MS,
  });
}

export class MigrationsPendingError extends Error {
  override name = 'MigrationsPendingError';
}

/**
 * What start-up does to the schema: with MIGRATE_ON_START, migrates (on the direct address when
 * DATABASE_URL is a pooler); without, refuses to serve a schema the release step (`npm run
 * migrate`) has not brought up to date.
 */
export async function prepareSchema(config: Config, databaseUrl: string, logger: Logger): Promise<void> {
  if (config.MIGRATE_ON_START) return migrateAsConfigured(config, databaseUrl, logger);
  const pending = await pendingMigrations(directDatabaseUrl(config) ?? databaseUrl);
  if (pending.length > 0)
    throw new MigrationsPendingError(
      `${pending.length} migration(s) pending and MIGRATE_ON_START=false: run \`npm run migrate\` first`,
    );
}

/** The names of the migrations not yet applied, read without creating anything. */
async function pendingMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'feedline-migrate', stream: rowGuard() });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ name: string }>('select name from mikro_orm_migrations')
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return { rows: [] }; // no table: nothing applied yet
        throw error;
      });
    const applied = new Set(rows.map((row) => row.name));
    return migrationsList.map((m) => m.name).filter((name) => !applied.has(name));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the ORM; unless `migrate` is false, first brings the schema up to date (migrateDatabase,
 * on `clientUrl`). With `preparedStatements: false`, the statements of sql.ts run unnamed.
 */
export async function initORM(opts: OrmOptions & { migrate?: boolean }): Promise<MikroORM> {
  if (opts.migrate !== false) await migrateDatabase({ url: opts.clientUrl, logger: opts.logger });
  const orm = await MikroORM.init(createOrmConfig(opts));
  // The replicas' pools too: reads routed to a replica run the same statements.
  for (const pool of [knexClientOf(orm.em), ...replicaClientsOf(orm)])
    pool.unnamedStatements = opts.preparedStatements === false;
  return orm;
}

/** The pool under MikroORM, as Knex's client exposes it (Knex types it `any`); its connections are pg Clients. */
export interface KnexClient {
  acquireConnection(): Promise<Client>;
  releaseConnection(connection: Client): Promise<void>;
  pool: { numUsed(): number; numFree(): number; numPendingAcquires(): number };
  /** Set by initORM: run sql.ts's statements without their names (no server-side prepared statements). */
  unnamedStatements?: boolean;
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
