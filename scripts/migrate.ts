/**
 * The release step: brings the schema up to date and exits (0 when done), so that instances can
 * start with MIGRATE_ON_START=false. Safe to run while instances run or start: one migration run
 * at a time holds the lock (see migrateDatabase). Goes to DATABASE_DIRECT_URL when set (DATABASE_URL
 * may be a pooler); without DATABASE_URL, to the embedded server of DATA_DIR.
 *   npm run migrate
 */
import { ConfigError, parseEnv } from '../src/platform/config.js';
import { migrateAsConfigured, startDatabase } from '../src/db/db.js';
import { createLogger } from '../src/platform/logger.js';

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78); // EX_CONFIG
}
const logger = createLogger(env.LOG_LEVEL);
const database = await startDatabase({ share: true, databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger });
try {
  await migrateAsConfigured(env, database.url, logger);
  logger.info('schema up to date');
} finally {
  await database.stop();
}
