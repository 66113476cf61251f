/**
 * npm run reset: deletes the embedded database and DATA_DIR (its generated secrets too), wherever
 * the database lives (as root it may be kept under /var/lib/feedline). The next `npm start` begins
 * with an empty database. A database named by DATABASE_URL is never touched.
 */
import { loadDotEnv, parseEnv } from '../src/platform/config.js';
import { removeEmbeddedData } from '../src/db/embedded/embedded-postgres.js';
import { createLogger } from '../src/platform/logger.js';
import { commandLine } from './command-line.js';

// It deletes data: any argument at all (`--help` included) prints what it does and deletes nothing.
commandLine('npm run reset: deletes the embedded database and DATA_DIR (takes no arguments)', {});

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  const removed = await removeEmbeddedData(env.DATA_DIR, createLogger('warn'));
  console.log(
    removed.length > 0 ? `removed ${removed.join(' and ')}` : `nothing to remove: ${env.DATA_DIR} holds no data`,
  );
  if (env.DATABASE_URL)
    console.log('DATABASE_URL is set: that database was not touched (drop it yourself if you mean to)');
} catch (error) {
  console.error(`reset failed: ${error instanceof Error ? error.message.replaceAll('\n', ' ') : String(error)}`);
  process.exit(1);
}
