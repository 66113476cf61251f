import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { AddressInfo } from 'node:net';
import { deleteExpiredSessions, deleteOldCounters } from '../auth/auth.queries.js';
import { longestWriteWindowSeconds } from '../auth/write-limits.js';
import type { Config } from '../platform/config.js';
import { initORM, knexClientOf, ormOptions, prepareSchema, startDatabase } from '../db/db.js';
import { LiveHub } from '../live/live-hub.js';
import { startMediaSweeper } from '../media/sweeper.js';
import {
  closeMediaServices,
  createMediaServices,
  openMediaServices,
  type MediaServices,
} from '../media/media-services.js';
import { deleteExpiredTickets } from '../live/live.queries.js';
import { createApp, createHttpServer } from '../http/http.js';
import type { Logger } from '../platform/logger.js';
import { enableMetrics, registerLiveStreams, registerPool, startMetricsServer } from '../platform/metrics.js';
import { portError } from '../platform/ports.js';
import { liveStreamsCap, openFilesLimit } from '../platform/open-files.js';
import { ReadReplicas } from '../db/read-replicas.js';
import { writePositions } from '../viewer/read-your-writes.js';

const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
const SHUTDOWN_GRACE_MS = 10_000;
const ACCEPT_QUIET_MS = 150;
const ACCEPT_MAX_MS = 2_000;

/**
 * Resolves once the server has accepted no connection for ACCEPT_QUIET_MS (at most ACCEPT_MAX_MS).
 * Each check runs after the event loop's poll phase (setImmediate), so a loop that was busy past
 * the quiet period still accepts what is waiting before the check decides.
 */
function acceptedUntilQuiet(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    let lastConnectionAt = startedAt;
    const onConnection = () => void (lastConnectionAt = performance.now());
    server.on('connection', onConnection);
    const check = () =>
      setImmediate(() => {
        const now = performance.now();
        const quietFor = now - lastConnectionAt;
        if (quietFor < ACCEPT_QUIET_MS && now - startedAt < ACCEPT_MAX_MS) {
          setTimeout(check, ACCEPT_QUIET_MS - quietFor);
          return;
        }
        server.off('connection', onConnection);
        resolve();
      });
    setTimeout(check, ACCEPT_QUIET_MS);
  });
}

async function waitForIdlePool(orm: MikroORM, timeoutMs: number): Promise<void> {
  const { pool } = knexClientOf(orm.em);
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (pool.numUsed() === 0 && pool.numPendingAcquires() === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** METRICS_PORT's listener, on METRICS_HOST; a taken port fails the start as the public one does. */
export async function listenForMetrics(config: Config): Promise<Server> {
  const port = config.METRICS_PORT!;
  return startMetricsServer(port, config.METRICS_HOST).catch((error: NodeJS.ErrnoException) => {
    throw error.code ? portError(port, config.METRICS_HOST, error) : error;
  });
}

/** The configuration with LIVE_STREAMS_MAX under the descriptor limit (liveStreamsCap), and one warning when that lowers it. */
function withLiveStreamsCap(config: Config, logger: Logger): Config {
  const limit = openFilesLimit();
  const cap = liveStreamsCap(config, limit);
  if (cap === config.LIVE_STREAMS_MAX) return config;
  logger.warn(
    { configured: config.LIVE_STREAMS_MAX, effective: cap, openFilesLimit: limit },
    'LIVE_STREAMS_MAX lowered to fit the open-files limit (ulimit -n); raise the limit to allow more',
  );
  return { ...config, LIVE_STREAMS_MAX: cap };
}

const closeServer = (server: Server | undefined) =>
  server && new Promise<void>((resolve) => server.close(() => resolve()));

export interface RunningServer {
  url: string;
  server: Server;
  /** Bound: may be handed around on its own (main.ts keeps only it). */
  close: () => Promise<void>;
}

/** Database (external or embedded), migrations, HTTP server; close() undoes it all in order. */
export async function startServer(
  configured: Config,
  logger: Logger,
  { migrate = true, metricsListener = true }: { migrate?: boolean; metricsListener?: boolean } = {},
): Promise<RunningServer> {
  const startedAt = performance.now();
  const config = withLiveStreamsCap(configured, logger);
  const database = await startDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  let orm: MikroORM | undefined;
  let live: LiveHub | undefined;
  let reads: ReadReplicas | undefined;
  let media: MediaServices | undefined;
  let server: Server;
  let metricsServer: Server | undefined;
  const unregister: (() => void)[] = [];
  try {
    if (migrate) await prepareSchema(config, database.url, logger);
    orm = await initORM({ ...ormOptions(config, database.url, logger), migrate: false });
    live = new LiveHub(orm, config, logger);
    if (config.METRICS_PORT !== undefined) {
      enableMetrics();
      const { pool } = knexClientOf(orm.em);
      const hub = live;
      unregister.push(
        registerPool('primary', 'primary', () => ({
          inUse: pool.numUsed(),
          idle: pool.numFree(),
          waiting: pool.numPendingAcquires(),
        })),
        registerLiveStreams(() => hub.openStreams()),
      );
      // A cluster worker's metrics are served by the primary's listener.
      if (metricsListener) metricsServer = await listenForMetrics(config);
    }
    if (config.DATABASE_REPLICA_URLS.length > 0) {
      reads = new ReadReplicas(orm, config, logger, writePositions(orm));
      await reads.start();
    }
    media = createMediaServices(config);
    await openMediaServices(media);
    const app = createApp({ orm, config, logger, live, reads, media });
    server = await new Promise<Server>((resolve, reject) => {
      const listening = createHttpServer(app, config);
      listening.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code ? portError(config.PORT, config.HOST, error) : error),
      );
      listening.listen(config.PORT, config.HOST, () => resolve(listening));
    });
  } catch (error) {
    // Leave nothing running behind a failed start: no pool, no embedded server.
    await reads?.stop();
    if (media) await closeMediaServices(media);
    for (const stop of unregister) stop();
    await closeServer(metricsServer);
    await orm?.close();
    await database.stop();
    throw error;
  }
  const openedMedia = media;
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}`;
  logger.info({ url, docs: `${url}/docs`, startupMs: Math.round(performance.now() - startedAt) }, 'Feedline is ready');
  if (!config.WRITE_LIMITS)
    logger.warn(
      'WRITE_LIMITS=off: no per-user write limit or in-flight cap holds (for benchmarks and load tests only)',
    );

  const purge = setInterval(() => {
    const em = orm.em.fork();
    Promise.all([
      deleteExpiredSessions(em),
      // A sliding window still weighs the window before the current one: two of the longest are kept.
      deleteOldCounters(em, new Date(Date.now() - 2 * Math.max(24 * 3600, longestWriteWindowSeconds(config)) * 1000)),
      deleteExpiredTickets(orm),
    ])
      .then(([sessions, counters]) =>
        logger.info({ sessions, counters }, 'purged expired sessions and rate-limit windows'),
      )
      .catch((error: unknown) => logger.warn({ err: error }, 'session purge failed'));
  }, SESSION_PURGE_INTERVAL_MS);
  purge.unref();
  const sweeper = startMediaSweeper(
    orm,
    openedMedia.store,
    { ttlSeconds: config.MEDIA_UNATTACHED_TTL, intervalMs: config.MEDIA_SWEEP_INTERVAL_MS },
    logger,
  );

  let closing: Promise<void> | undefined;
  // Once closing, every response tells its keep-alive client to reconnect elsewhere.
  server.on('request', (_req, res) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  const close = () =>
    (closing ??= (async () => {
      clearInterval(purge);
      await sweeper.stop();
      // A request whose bytes arrived before the signal is served: closing the listener resets
      // the connections still queued in the kernel's backlog, and a busy process takes them in
      // only a few at a time. Keep accepting (answering with Connection: close) until no new
      // connection has come for a moment, then close.
      await acceptedUntilQuiet(server);
      // Live streams end first (their clients resume elsewhere by id), or they would hold the drain.
      await live.close();
      // Stop accepting, let in-flight requests finish, and tell keep-alive clients to go away.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await drained;
      clearTimeout(forced);
      // A client that hung up mid-request closes its connection, but its handler may still be
      // writing: let the pool go idle before closing it.
      await waitForIdlePool(orm, SHUTDOWN_GRACE_MS);
      await closeMediaServices(openedMedia);
      await reads?.stop();
      for (const stop of unregister) stop();
      await closeServer(metricsServer);
      await orm.close();
      await database.stop();
      logger.info('Feedline stopped');
    })());
  return { url, server, close };
}
