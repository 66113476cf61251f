import { isClusterWorker, reportToPrimary, runPrimary } from './cluster.js';
import { loadConfig, loadDotEnv, parseEnv } from '../platform/config.js';
import { assertEmbeddedPostgresUsable } from '../db/embedded/embedded-postgres.js';
import { createLogger } from '../platform/logger.js';
import { assertPortFree } from '../platform/ports.js';
import { startServer } from './server.js';
import { classifyStartupFailure, exitWithStartupFailure } from './startup-failure.js';

try {
  loadDotEnv();
  const env = parseEnv(process.env);
  // Refusals come before anything is written (loadConfig may write DATA_DIR's JWT secret) and before
  // the database spends seconds starting.
  if (!env.DATABASE_URL) assertEmbeddedPostgresUsable(env);
  if (!isClusterWorker()) {
    await assertPortFree(env.PORT, env.HOST);
    if (env.METRICS_PORT !== undefined) await assertPortFree(env.METRICS_PORT, env.METRICS_HOST);
  }
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL, undefined, config.LOG_FORMAT);
  const primary = config.WEB_CONCURRENCY > 1 && !isClusterWorker();
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
