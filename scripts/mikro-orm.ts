/**
 * Runs the MikroORM CLI against the configured database. Without DATABASE_URL it starts the
 * embedded server first and stops it afterwards (a CLI config that started it would never exit),
 * and applies the committed migrations first, so that diffs are against an up-to-date schema.
 *   npm run migration:create    npm run migration:up    npm run schema:diff
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseEnv } from '../src/platform/config.js';
import { initORM, startDatabase } from '../src/db/db.js';
import { createLogger } from '../src/platform/logger.js';

const env = parseEnv(process.env);
const database = await startDatabase({
  share: true,
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  logger: createLogger(env.LOG_LEVEL),
});
// Diffs and new migrations are computed against a database the committed migrations have reached.
await (await initORM({ clientUrl: database.url })).close();
const cli = join(dirname(createRequire(import.meta.url).resolve('@mikro-orm/cli/package.json')), 'esm.js');
const result = spawnSync(process.execPath, ['--import', 'tsx', cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: database.url,
    MIKRO_ORM_CLI_CONFIG: './mikro-orm.config.ts',
    MIKRO_ORM_CLI_ALWAYS_ALLOW_TS: 'true',
  },
});
await database.stop();
process.exit(result.status ?? 1);
