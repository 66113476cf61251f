import { inspect } from 'node:util';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { entities } from './src/db/entities.js';
import type { Logger } from './src/platform/logger.js';
import { migrationsList } from './src/db/migrations/index.js';
import { rowGuard } from './src/db/row-guard.js';

const migrationsPath = new URL('./src/db/migrations', import.meta.url).pathname;

/**
 * The server cancels a statement at statement_timeout; a database that does not answer at all
 * (frozen, a dead link) cannot, so the client gives up this much later on its own.
 */
export const CLIENT_DEADLINE_MARGIN_MS = 2_000;

export interface OrmOptions {
  clientUrl: string;
  /** Streaming replicas: each gets a pool of the same options as the primary's. */
  replicaUrls?: string[];
  poolMax?: number;
  /** Fail fast instead of hanging when the database is away. */
  acquireTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Send statement_timeout as a startup parameter (which a stock PgBouncer refuses); the client-side deadline stays either way. */
  statementTimeoutAtStartup?: boolean;
  /** false: the service's own statements (src/db/sql.ts) run unnamed, not prepared per connection (see initORM). */
  preparedStatements?: boolean;
  /** DB_MAX_ROW_BYTES: a larger row fails its statement (src/db/row-guard.ts). */
  maxRowBytes?: number;
  debug?: boolean;
  /** Where knex's own messages go (it prints "Connection Error: …" to the console while a database is away). */
  logger?: Logger;
}

/** The one ORM configuration, for the service, the tests and the MikroORM CLI. */
export function createOrmConfig({
  clientUrl,
  replicaUrls = [],
  poolMax = 10,
  acquireTimeoutMs = 3_000,
  statementTimeoutMs = 15_000,
  statementTimeoutAtStartup = true,
  maxRowBytes,
  debug = false,
  logger,
}: OrmOptions): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    replicas: replicaUrls.map((url, i) => ({ name: `replica-${i + 1}`, clientUrl: url })),
    // A random replica per call, with no lag check and no read-your-writes: the ORM reads the
    // primary, and src/db/read-replicas.ts sends a read request's statements to a replica that fits.
    preferReadReplicas: false,
    entities,
    extensions: [Migrator],
    debug,
    // Entities are plain schemas: no reflection, no decorators.
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: acquireTimeoutMs, createTimeoutMillis: acquireTimeoutMs },
    driverOptions: {
      ...(logger && { log: knexLog(logger) }),
      connection: {
        stream: rowGuard(maxRowBytes),
        ...(statementTimeoutAtStartup && { statement_timeout: statementTimeoutMs }),
        query_timeout: statementTimeoutMs + CLIENT_DEADLINE_MARGIN_MS,
        connectionTimeoutMillis: acquireTimeoutMs,
      },
    },
    forceUtcTimezone: true,
    migrations: {
      path: migrationsPath,
      pathTs: migrationsPath,
      glob: 'Migration*.{js,ts}',
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      emit: 'ts',
    },
  });
}

/** knex's log hook: its warnings and errors as our log lines (scrubbed like every other), never on the console. */
function knexLog(logger: Logger) {
  const text = (message: unknown) => (typeof message === 'string' ? message : inspect(message, { depth: 2 }));
  return {
    warn: (message: unknown) => logger.warn({ source: 'knex' }, text(message)),
    error: (message: unknown) => logger.error({ source: 'knex' }, text(message)),
    deprecate: (message: unknown) => logger.warn({ source: 'knex' }, text(message)),
    debug: (message: unknown) => logger.debug({ source: 'knex' }, text(message)),
  };
}

// Used by the MikroORM CLI, through scripts/mikro-orm.ts, which provides DATABASE_URL.
export default createOrmConfig({ clientUrl: process.env.DATABASE_URL ?? '' });
