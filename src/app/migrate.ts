/**
 * The release step: brings the schema up to date and exits (0 when done), so that instances can
 * start with MIGRATE_ON_START=false. Safe to run while instances run or start: one migration run
 * at a time holds the lock (see migrateDatabase). Goes to DATABASE_DIRECT_URL when set (DATABASE_URL
 * may be a pooler); without DATABASE_URL, to the embedded server of DATA_DIR. Compiled with the
 * service, so a production install (the image) has it:
 *   node dist/src/app/migrate.js      (npm run migrate in a checkout)
 */
import { migrateAsConfigured, startDatabase } from '../db/db.js';
import { assertEmbeddedPostgresUsable } from '../db/embedded/embedded-postgres.js';
import { loadDotEnv, parseEnv } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { classifyStartupFailure, exitWithStartupFailure } from './startup-failure.js';

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  if (!env.DATABASE_URL) assertEmbeddedPostgresUsable(env);
  const logger = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT);
  const database = await startDatabase({ share: true, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger });
  try {
    await migrateAsConfigured(env, database.url, logger);
    logger.info('schema up to date');
  } finally {
    await database.stop();
  }
} catch (error) {
  exitWithStartupFailure(classifyStartupFailure(error));
}
