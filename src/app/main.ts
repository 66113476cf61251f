import { isClusterWorker, reportToPrimary, runPrimary } from './cluster.js';
import { loadConfig, loadDotEnv } from '../platform/config.js';
import { assertEmbeddedPostgresInstalled } from '../db/embedded/embedded-postgres.js';
import { createLogger } from '../platform/logger.js';
import { assertPortFree } from '../platform/ports.js';
import { startServer } from './server.js';
import { classifyStartupFailure, exitWithStartupFailure } from './startup-failure.js';

try {
  loadDotEnv();
  // Before DATA_DIR is written to (the JWT secret goes there when there is no DATABASE_URL).
  if (!process.env.DATABASE_URL) assertEmbeddedPostgresInstalled();
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, undefined, config.LOG_FORMAT);
  const primary = config.WEB_CONCURRENCY > 1 && !isClusterWorker();
  // A taken port is found before the database spends seconds starting.
  if (!isClusterWorker()) {
    await assertPortFree(config.PORT, config.HOST);
    if (config.METRICS_PORT !== undefined) await assertPortFree(config.METRICS_PORT, config.METRICS_HOST);
  }
  const stop = primary
    ? await runPrimary(config, logger, (failure) => {
        void stop().finally(() => exitWithStartupFailure(failure));
      })
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
  // One line naming the cause and the fix, never a stack: the operator acts on it, not a developer.
  const failure = classifyStartupFailure(error);
  // A bug's stack stays available to whoever asks for it.
  if (failure.kind === 'unexpected' && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(error);
  // A worker's primary decides whether the cluster has failed, and says so once.
  if (!reportToPrimary(failure, () => process.exit(1))) exitWithStartupFailure(failure);
}
