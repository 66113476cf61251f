import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import type { Config } from '../platform/config.js';
import { prepareSchema, startDatabase } from '../db/db.js';
import type { Logger } from '../platform/logger.js';
import { aggregateWorkers } from '../platform/metrics.js';
import { listenForMetrics } from './server.js';

const RESTART_DELAY_MS = 1000;

/**
 * The primary of cluster mode: it owns the database start-up (embedded or not) and migrations,
 * then forks `WEB_CONCURRENCY` workers that share the port, and replaces any worker that dies.
 * Resolves with a stop function that drains every worker and then stops the database.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<() => Promise<void>> {
  const database = await startDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  let metricsServer: Server | undefined;
  try {
    await prepareSchema(config, database.url, logger);
    if (config.METRICS_PORT !== undefined) {
      aggregateWorkers();
      metricsServer = await listenForMetrics(config);
    }
  } catch (error) {
    await database.stop();
    throw error;
  }

  // Workers need neither the embedded server nor a secret file: they get both from here.
  const workerEnv = { DATABASE_URL: database.url, JWT_SECRET: config.JWT_SECRET };
  let stopping = false;
  const fork = () => cluster.fork(workerEnv);

  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting a new one');
    setTimeout(fork, RESTART_DELAY_MS).unref();
  });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();
  logger.info({ workers: config.WEB_CONCURRENCY }, 'cluster primary started');

  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            worker.once('exit', (code, signal) => {
              logger.info({ pid: worker.process.pid, code, signal }, 'worker stopped');
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await database.stop();
    logger.info('cluster stopped');
  };
}

export const isClusterWorker = () => cluster.isWorker;
