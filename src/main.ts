import { isClusterWorker, runPrimary } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { MigrationsPendingError } from './db.js';
import { EmbeddedDatabaseError } from './embedded-postgres.js';
import { createLogger } from './logger.js';
import { assertPortFree, PortInUseError } from './ports.js';
import { startServer } from './server.js';

try {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const primary = config.WEB_CONCURRENCY > 1 && !isClusterWorker();
  // A taken port is found before the database spends seconds starting.
  if (!isClusterWorker()) {
    await assertPortFree(config.PORT, config.HOST);
    if (config.METRICS_PORT !== undefined) await assertPortFree(config.METRICS_PORT, config.HOST);
  }
  const stop = primary
    ? await runPrimary(config, logger)
    : (await startServer(config, logger, { migrate: !isClusterWorker(), metricsListener: !isClusterWorker() })).close;
  let stopping: Promise<void> | undefined;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // A second signal (a wrapper relaying it, an impatient Ctrl-C) must not kill the drain.
    process.on(signal, () => {
      if (stopping) return;
      logger.info({ signal }, 'shutting down');
      stopping = stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  // Problems the operator can fix get one line; anything else keeps its stack for a bug report.
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(
    error instanceof PortInUseError || error instanceof EmbeddedDatabaseError || error instanceof MigrationsPendingError
      ? error.message
      : error,
  );
  process.exit(1);
}
