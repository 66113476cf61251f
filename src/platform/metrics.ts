import cluster from 'node:cluster';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  register,
  type PrometheusContentType,
} from 'prom-client';

/**
 * Prometheus metrics (docs/metrics.md), in prom-client's global registry: in cluster mode the
 * primary asks each worker for it (AggregatorRegistry) and serves the sum. Nothing here runs, and
 * no request pays for it, unless METRICS_PORT is set (`enableMetrics`).
 */

const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer ending, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/** A database pool's counts now. */
export interface PoolCounts {
  inUse: number;
  idle: number;
  waiting: number;
}

export type DatabaseRole = 'primary' | 'replica';

const pools = new Map<string, { role: DatabaseRole; name: string; counts: () => PoolCounts }>();

/** Gauges read at scrape time from the registered pools (or from whatever `read` names). */
const poolGauge = (name: string, help: string, read: (counts: PoolCounts) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['role', 'name'] as const,
    collect() {
      this.reset(); // a pool that went away (an ORM closed) leaves no stale series
      for (const pool of pools.values()) this.set({ role: pool.role, name: pool.name }, read(pool.counts()));
    },
  });

poolGauge('db_pool_connections_in_use', 'Connections of the pool lent out now', (c) => c.inUse);
poolGauge('db_pool_connections_idle', 'Open connections of the pool not lent out', (c) => c.idle);
poolGauge('db_pool_acquires_waiting', 'Requests waiting for a connection of the pool', (c) => c.waiting);

/**
 * Exports a database pool's in-use, idle and waiting counts, labelled by role and name (e.g.
 * `replica`, `replica-1`), read at each scrape; returns the function that stops exporting it.
 */
export function registerPool(role: DatabaseRole, name: string, counts: () => PoolCounts): () => void {
  const key = `${role}\u0000${name}`;
  const entry = { role, name, counts };
  pools.set(key, entry);
  return () => {
    if (pools.get(key) === entry) pools.delete(key);
  };
}

/** Replication lag per replica, as the read router last measured it; no series without replicas. */
export const replicaLag = new Gauge({
  name: 'db_replica_lag_seconds',
  help: 'How far behind the primary a replica was at its last check',
  labelNames: ['name'] as const,
});

/** Reads served, by where they ran: the primary or a replica (by name); no series until a read is counted. */
export const readsServed = new Counter({
  name: 'db_reads_total',
  help: 'Reads served, by the database that served them',
  labelNames: ['role', 'name'] as const,
});

/** Counts one read served by `role`/`name` (for the replica router). */
export const countRead = (role: DatabaseRole, name: string) => readsServed.inc({ role, name });

/** Records a replica's lag, in seconds (for the replica router). */
export const setReplicaLag = (name: string, seconds: number) => replicaLag.set({ name }, seconds);

const liveStreamCounts = new Set<() => number>();
new Gauge({
  name: 'live_streams_open',
  help: 'Live event streams (SSE and live.* subscriptions) open now',
  collect() {
    let open = 0;
    for (const count of liveStreamCounts) open += count();
    this.set(open);
  },
});

/** Exports the streams `count` says are open (one per LiveHub); returns the function that stops it. */
export function registerLiveStreams(count: () => number): () => void {
  liveStreamCounts.add(count);
  return () => liveStreamCounts.delete(count);
}

/** How reads that may share a statement in flight were answered (posts/shared-answers.ts). */
export type SharedReadOutcome = 'led' | 'joined' | 'refreshed';

const sharedReads = new Counter({
  name: 'shared_reads_total',
  help: 'Reads of a post or profile by readers without blocks or mutes: led (sent the statement), joined (answered from one in flight), refreshed (joined one that their own rows had changed since, then sent their own)',
  labelNames: ['outcome'] as const,
});

export const countSharedRead = (outcome: SharedReadOutcome) => {
  if (enabled) sharedReads.inc({ outcome });
};

let sharedReadWaiters = () => 0;
new Gauge({
  name: 'shared_read_waiters',
  help: 'Reads waiting now for a statement in flight that they joined',
  collect() {
    this.set(sharedReadWaiters());
  },
});

/** Exports the count of reads waiting on a shared statement, as `count` says. */
export const registerSharedReadWaiters = (count: () => number) => {
  sharedReadWaiters = count;
};

const rateLimited = new Counter({
  name: 'rate_limit_rejections_total',
  help: 'Requests refused with 429, by the limit that refused them',
  labelNames: ['kind'] as const,
});

/**
 * The limits a 429 comes from: login and signup attempts, writes per user, live streams per user,
 * large streamed answers per user, requests in progress per user and per address.
 */
export type RateLimitKind =
  | 'login-email'
  | 'login-address'
  | 'signup-address'
  | 'signup-network'
  | 'writes'
  | `writes-${string}`
  | 'live-streams'
  | 'large-answers'
  | 'in-flight-user'
  | 'in-flight-address'
  | 'password-hashes'
  | 'media-processing'
  | 'media-slow-upload'
  | 'media-quota';

export const countRateLimited = (kind: RateLimitKind) => rateLimited.inc({ kind });

let enabled = false;

/**
 * Starts what only a process that exports metrics pays for: the default process metrics (event
 * loop, GC, memory), and in a cluster worker the answer to the primary's requests. Idempotent.
 */
export function enableMetrics(): void {
  if (enabled) return;
  enabled = true;
  collectDefaultMetrics();
  // Gauges named like counters, which promtool flags; nodejs_active_{handles,requests,resources} say the same by type.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    register.removeSingleMetric(name);
  // Constructing one is what makes a worker answer the primary (prom-client's cluster listeners).
  if (cluster.isWorker) new AggregatorRegistry();
}

export const metricsEnabled = () => enabled;

const ROUTE = Symbol('route');
declare module 'http' {
  interface IncomingMessage {
    /** The route template that answered, when the router knows it (REST). */
    [ROUTE]?: string;
  }
}

/** Names the route template (`/posts/{id}`) of a request, for its metrics. */
export function noteRoute(req: IncomingMessage, template: string): void {
  req[ROUTE] = template;
}

const templates = new Map<string, string>();
/** An Express path (`/users/:id`) as a template (`/users/{id}`). */
const templateOf = (expressPath: string) => {
  let template = templates.get(expressPath);
  if (template === undefined) templates.set(expressPath, (template = expressPath.replace(/:(\w+)/g, '{$1}')));
  return template;
};

/**
 * The route label of a request: a template, never the raw path (its ids would make a series per
 * post). A /trpc call is named by its procedure when it is one of `procedures` (one call), else
 * '/trpc' (a batch, or a name nobody defined); whatever matched no route is 'unmatched'.
 */
function routeLabel(req: IncomingMessage & { route?: { path?: unknown } }, procedures: ReadonlySet<string>): string {
  const noted = req[ROUTE];
  if (noted !== undefined) return noted;
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  if (url.startsWith('/trpc/')) {
    const end = url.indexOf('?');
    const name = url.slice(6, end === -1 ? undefined : end);
    return procedures.has(name) ? `/trpc/${name}` : '/trpc';
  }
  const path = req.route?.path;
  if (typeof path === 'string') return templateOf(path);
  // A route of several paths (the live streams) names them without parameters: the path is the template.
  if (Array.isArray(path)) return (req as { path?: string }).path ?? 'unmatched';
  if (url === '/docs' || url.startsWith('/docs/')) return '/docs';
  return 'unmatched';
}

/** Times each request (from when the app first sees it) into http_request_duration_seconds. */
export function requestTimer(procedures: ReadonlySet<string>): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const startedAt = performance.now();
    res.once('close', () => {
      httpDuration.observe(
        { method: req.method, route: routeLabel(req, procedures), status: res.statusCode },
        (performance.now() - startedAt) / 1000,
      );
    });
  };
}

/**
 * The second listener: GET /metrics in the Prometheus text format, nothing else. In a cluster's
 * primary it serves the workers' metrics summed; elsewhere this process's own.
 */
export async function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    scrape().then(
      (text) => res.writeHead(200, { 'Content-Type': register.contentType }).end(text),
      (error: unknown) =>
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`metrics unavailable: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

let primaryRegistry: AggregatorRegistry<PrometheusContentType> | undefined;
/** In a cluster's primary: from now on /metrics serves the workers' metrics, summed. */
export function aggregateWorkers(): void {
  primaryRegistry ??= new AggregatorRegistry();
}

const scrape = (): Promise<string> => (primaryRegistry ? primaryRegistry.clusterMetrics() : register.metrics());
