import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver, type Options } from '@mikro-orm/postgresql';
import { entities } from './src/entities.js';
import { migrationsList } from './src/migrations/index.js';

const migrationsPath = new URL('./src/migrations', import.meta.url).pathname;

export interface OrmOptions {
  clientUrl: string;
  poolMax?: number;
  /** Fail fast instead of hanging when the database is away. */
  acquireTimeoutMs?: number;
  statementTimeoutMs?: number;
  debug?: boolean;
}

/** The one ORM configuration, for the service, the tests and the MikroORM CLI. */
export function createOrmConfig({
  clientUrl,
  poolMax = 10,
  acquireTimeoutMs = 3_000,
  statementTimeoutMs = 15_000,
  debug = false,
}: OrmOptions): Options {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    debug,
    // Entities are plain schemas: no reflection, no decorators.
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: poolMax, acquireTimeoutMillis: acquireTimeoutMs, createTimeoutMillis: acquireTimeoutMs },
    driverOptions: {
      connection: { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: acquireTimeoutMs },
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

// Used by the MikroORM CLI, through scripts/mikro-orm.ts, which provides DATABASE_URL.
export default createOrmConfig({ clientUrl: process.env.DATABASE_URL ?? '' });
