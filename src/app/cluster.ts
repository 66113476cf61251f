import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import type { Config } from '../platform/config.js';
import { prepareSchema, startDatabase } from '../db/db.js';
import type { Logger } from '../platform/logger.js';
import { aggregateWorkers } from '../platform/metrics.js';
import { listenForMetrics } from './server.js';
import type { StartupFailure } from './startup-failure.js';

const RESTART_DELAY_MS = 1000;
/** Workers that die before listening, in a row, per worker slot, before the primary gives up. */
const START_TRIES_PER_WORKER = 3;

/** What a worker whose start failed sends its primary, instead of printing it. */
export interface WorkerStartupFailure {
  feedlineStartupFailure: StartupFailure;
}

const isStartupFailureMessage = (message: unknown): message is WorkerStartupFailure =>
  typeof message === 'object' && message !== null && 'feedlineStartupFailure' in message;

/**
 * In a worker: hands its start-up failure to the primary, which prints one line for the cluster
 * if it gives up; false outside a worker (the caller prints it).
 */
export function reportToPrimary(failure: StartupFailure, exit: () => void): boolean {
  if (!cluster.isWorker || !process.send) return false;
  const message: WorkerStartupFailure = { feedlineStartupFailure: failure };
  process.send(message, undefined, {}, exit);
  return true;
}

/**
 * The primary of cluster mode: it owns the database start-up (embedded or not) and migrations,
 * then forks `WEB_CONCURRENCY` workers that share the port, and replaces any worker that dies.
 * Resolves with a stop function that drains every worker and then stops the database.
 */
export async function runPrimary(
  config: Config,
  logger: Logger,
  /** Called once when workers keep dying before they listen: the cluster cannot start. */
  onGiveUp: (failure: StartupFailure) => void,
): Promise<() => Promise<void>> {
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

  // A worker that dies before it listens failed to start; past the bound, so has the cluster (a
  // supervisor restarts it on a non-zero exit). One that listened resets the count.
  const listened = new Set<number>();
  let startFailures = 0;
  let lastFailure: StartupFailure | undefined;
  cluster.on('listening', (worker: Worker) => {
    listened.add(worker.id);
    startFailures = 0;
  });
  cluster.on('message', (_worker: Worker, message: unknown) => {
    if (isStartupFailureMessage(message)) lastFailure = message.feedlineStartupFailure;
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    if (!listened.delete(worker.id) && ++startFailures >= START_TRIES_PER_WORKER * config.WEB_CONCURRENCY) {
      logger.error({ pid: worker.process.pid, code, signal, tries: startFailures }, 'workers keep failing to start');
      stopping = true;
      onGiveUp(
        lastFailure ?? {
          kind: 'unexpected',
          cause: `every worker exited before listening (the last with code ${code}, signal ${signal})`,
          fix: "start with WEB_CONCURRENCY=1 to see the worker's own error",
        },
      );
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting a new one');
    // Not unref'd: while a worker is due, the primary must stay alive to start it.
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
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
