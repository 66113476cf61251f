import './validation-messages.js'; // first: it words every Zod message
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { readOrCreateSecretFile } from './secret-file.js';

const MIN_SECRET_BYTES = 32;

/** The default of DB_MAX_ROW_BYTES. */
export const DEFAULT_MAX_ROW_BYTES = 64 * 1024 * 1024;

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
/** A comma-separated list, blanks dropped. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL with a TCP host' });
const flag = (byDefault: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default(byDefault ? 'true' : 'false')
    .transform((value) => value === 'true');

/** A number of writes per window. */
export interface WriteLimit {
  max: number;
  windowSeconds: number;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** Parses `300/3h` (or `/90s`, `/5m`, `/1d`, bare seconds); null when malformed or out of range. */
export function parseWriteLimit(text: string): WriteLimit | null {
  const match = /^\s*(\d{1,10})\s*\/\s*(\d{1,7})\s*([smhd]?)\s*$/.exec(text);
  if (!match) return null;
  const max = Number(match[1]);
  const windowSeconds = Number(match[2]) * UNIT_SECONDS[match[3] || 's']!;
  // The counters are PostgreSQL integers.
  return max >= 1 && max < 2 ** 31 && windowSeconds >= 1 ? { max, windowSeconds } : null;
}

/** A per-kind write limit, `<count>/<window>`, e.g. `300/3h`. */
const writeLimit = (byDefault: string) =>
  z
    .string()
    .default(byDefault)
    .transform((text, ctx) => {
      const limit = parseWriteLimit(text);
      if (!limit) ctx.addIssue({ code: 'custom', message: 'must be <count>/<window>, e.g. 300/3h (s, m, h or d)' });
      return limit ?? { max: 1, windowSeconds: 1 };
    });

/** Every environment variable the service reads, in one place. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: postgresUrl.optional(),
  /** `allow`: run the embedded PostgreSQL even with NODE_ENV=production (refused otherwise). */
  EMBEDDED_POSTGRES: z.enum(['allow']).optional(),
  /**
   * Streaming replicas for reads, comma-separated postgres:// URLs; none by default. A replica whose
   * replay is more than REPLICA_MAX_LAG_MS behind the primary, or that does not answer, takes no
   * reads until it is back (checked every REPLICA_CHECK_MS). See docs/scaling.md.
   */
  DATABASE_REPLICA_URLS: commaList.pipe(
    z.array(z.url({ protocol: /^postgres(ql)?$/, error: 'each must be a postgres:// URL with a TCP host' })),
  ),
  REPLICA_MAX_LAG_MS: positiveInt.default(5_000),
  REPLICA_CHECK_MS: positiveInt.default(500),
  /**
   * The database itself (or a session-mode pooler) when DATABASE_URL is a transaction-mode pooler:
   * migrations and the one LISTEN connection per process go here (see docs/pgbouncer.md).
   */
  DATABASE_DIRECT_URL: postgresUrl.optional(),
  /** Run pending migrations at start-up (one instance at a time); false: `npm run migrate` does, as a release step. */
  MIGRATE_ON_START: flag(true),
  /** Named (server-side prepared) statements; false behind PgBouncer before 1.21 in transaction mode. */
  DB_PREPARED_STATEMENTS: flag(true),
  /** A second listener serving GET /metrics (Prometheus text format) on this port; unset: none. */
  METRICS_PORT: port.optional(),
  /** The address METRICS_PORT listens on: the loopback, unless a scraper on another host must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  JWT_SECRET: z
    .string()
    .refine((s) => Buffer.byteLength(s) >= MIN_SECRET_BYTES, `must be at least ${MIN_SECRET_BYTES} bytes`)
    .optional(),
  JWT_TTL_SECONDS: positiveInt.default(60 * 60),
  JWT_LONG_TTL_SECONDS: positiveInt.default(30 * 24 * 60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines when stdout is a terminal, JSON lines otherwise. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  ARGON2_MEMORY_KIB: positiveInt.default(19_456),
  ARGON2_TIME_COST: positiveInt.default(2),
  ARGON2_PARALLELISM: positiveInt.default(1),
  /** Hashes running at once per process; the rest wait. Default: all cores but one. */
  ARGON2_MAX_CONCURRENT: positiveInt.default(Math.max(1, availableParallelism() - 1)),
  /**
   * Requests waiting to hash (logins, signups, password checks) per process, beyond those running,
   * and per client address, running or waiting; past either, 429 at once. Small, so a real user's
   * login waits for a few hashes at most; shared fairly between addresses (passwords.ts).
   */
  ARGON2_QUEUE_MAX: positiveInt.default(16),
  ARGON2_QUEUE_PER_ADDRESS: positiveInt.default(2),
  /**
   * Images (docs/media.md). Where files live: `fs` under DATA_DIR/media, or `s3` (MEDIA_S3_*). An
   * upload's bytes and decoded pixels at most (the pixels read from its header, before decoding).
   */
  MEDIA_STORAGE: z.enum(['fs', 's3'], { error: 'must be fs or s3' }).default('fs'),
  MEDIA_MAX_BYTES: positiveInt.max(100 * 1024 * 1024).default(10 * 1024 * 1024),
  MEDIA_MAX_PIXELS: positiveInt.max(268_402_689).default(60_000_000),
  /** Images processed at once per process (default: all cores but one), waiting, and per user; past these 503 and 429. */
  MEDIA_PROCESS_MAX: positiveInt.default(Math.max(1, availableParallelism() - 1)),
  MEDIA_QUEUE_MAX: positiveInt.default(32),
  MEDIA_QUEUE_PER_USER: positiveInt.default(2),
  /** Uploads one user may make per UTC day, in files and in bytes (held in PostgreSQL, across nodes). */
  MEDIA_DAILY_FILES: positiveInt.max(2 ** 31 - 1).default(200),
  MEDIA_DAILY_BYTES: positiveInt.default(500 * 1024 * 1024),
  /** Where clients fetch files: a CDN or public bucket; unset: the service itself (/media/files/, either store). */
  MEDIA_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .max(100)
    // Answers carry it in every file's URL and avatar: no character that JSON escapes or UTF-8 widens.
    .regex(/^[!#-[\]-~]+$/, 'must be printable ASCII, without quotes or backslashes')
    .optional(),
  /**
   * Seconds an upload may stay attached to nothing before the sweeper deletes it (its row and files),
   * and how often each process sweeps (docs/media.md, Lifecycle).
   */
  MEDIA_UNATTACHED_TTL: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 3600),
  MEDIA_SWEEP_INTERVAL_MS: positiveInt.default(60_000),
  MEDIA_S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style URLs (endpoint/bucket/key): what Ceph RGW, MinIO and most self-hosted stores need. */
  MEDIA_S3_FORCE_PATH_STYLE: flag(false),
  DB_POOL_MAX: positiveInt.default(10),
  /** How long a request waits for a pool connection, and a statement may run, before a 503. */
  DB_ACQUIRE_TIMEOUT_MS: positiveInt.default(3_000),
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(15_000),
  /**
   * The largest row (any one message of an answer, a NOTIFY too) read from PostgreSQL: a larger one
   * fails its statement (500) instead of being read. At most 256 MiB: a row's text must stay well
   * under V8's string limit (512 MiB), past which reading it would end the process.
   */
  DB_MAX_ROW_BYTES: positiveInt.max(256 * 1024 * 1024).default(DEFAULT_MAX_ROW_BYTES),
  /**
   * Unpaged GET /posts and /posts/followed are streamed, each holding a pool connection while it
   * lasts: at most this many at once per process and per user (the rest 503/429 with Retry-After),
   * and a stream whose client takes no data for STREAM_STALL_TIMEOUT_MS is cut.
   */
  STREAMS_MAX: positiveInt.default(3),
  /** One each, so two accounts looping on large answers cannot hold every slot. */
  STREAMS_PER_USER: positiveInt.default(1),
  /** Two per client address, fewer than STREAMS_MAX: accounts made cheaply behind one address cannot hold every slot. */
  STREAMS_PER_ADDRESS: positiveInt.default(2),
  /** How long a large answer waits for a free slot of the process, in turn, before its 503. */
  STREAMS_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(1_000),
  STREAM_STALL_TIMEOUT_MS: positiveInt.default(10_000),
  /**
   * A stream may wait on its client STREAM_STALL_TIMEOUT_MS in all, plus a second per this many
   * bytes it has sent: a reader that trickles holds its slot no longer than its bytes earn.
   */
  STREAM_MIN_BYTES_PER_SECOND: positiveInt.default(32 * 1024),
  /**
   * An upload's body may take MEDIA_BODY_GRACE_MS, plus a second per this many bytes it has sent
   * (as STREAM_MIN_BYTES_PER_SECOND): one that trickles is answered 408 and gives its place back.
   */
  MEDIA_MIN_BODY_BYTES_PER_SECOND: positiveInt.default(16 * 1024),
  MEDIA_BODY_GRACE_MS: positiveInt.default(5_000),
  /** A request (headers and body) must arrive within this long, or it is answered 408 and closed. */
  REQUEST_TIMEOUT_MS: positiveInt.default(30_000),
  /** The longest unpaged list one answer builds whole over /trpc and createCaller (REST streams them): over it, 422. */
  TRPC_LIST_MAX_ITEMS: positiveInt.default(1_000),
  /**
   * Live streams (GET /live/*, live.* subscriptions): at most this many open per process and per
   * user in a process (then 429); a heartbeat comment this often; events queued for a client that
   * does not read before it is disconnected (it resumes by Last-Event-ID).
   */
  LIVE_STREAMS_MAX: positiveInt.default(5_000),
  LIVE_STREAMS_PER_USER: positiveInt.default(5),
  LIVE_HEARTBEAT_MS: positiveInt.default(15_000),
  LIVE_BUFFER_EVENTS: positiveInt.default(500),
  /** How long ordering waits for a write transaction before calling it a straggler (live/settle.ts). */
  LIVE_SETTLE_MAX_WAIT_MS: positiveInt.default(2_000),
  /** The older name of DATABASE_DIRECT_URL (which wins when both are set). */
  LIVE_LISTEN_DATABASE_URL: postgresUrl.optional(),
  /**
   * Brute-force limits: failed logins per email and per client address; signups per address and
   * per network (its /24, or /64 for IPv6), Mastodon's 5 per 30 minutes per address and a few
   * times that per network; no global cap, which one flood would spend for everyone.
   */
  LOGIN_FAILURES_PER_EMAIL: positiveInt.default(5),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt.default(50),
  LOGIN_WINDOW_SECONDS: positiveInt.default(15 * 60),
  SIGNUPS_PER_ADDRESS: positiveInt.default(5),
  SIGNUPS_PER_NETWORK: positiveInt.default(20),
  SIGNUP_WINDOW_SECONDS: positiveInt.default(30 * 60),
  /**
   * Per-user write limits, counted in PostgreSQL so they hold across processes and nodes
   * (docs/limits.md). Overall: every write a signed-in user makes, and the bytes of its input, per
   * window (Mastodon's 300 API calls per 5 minutes per account). Per kind: `<count>/<window>`.
   * WRITE_LIMITS=off lifts them all, and the in-flight caps below (benchmarks, load tests), with a
   * warning at start.
   */
  WRITE_LIMITS: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  WRITES_PER_USER: positiveInt.max(2 ** 31 - 1).default(300),
  WRITE_BYTES_PER_USER: positiveInt.max(2 ** 31 - 1).default(8 * 1024 * 1024),
  WRITE_WINDOW_SECONDS: positiveInt.default(5 * 60),
  WRITE_LIMIT_POSTS: writeLimit('300/3h'),
  WRITE_LIMIT_COMMENTS: writeLimit('300/3h'),
  WRITE_LIMIT_LIKES: writeLimit('1000/1h'),
  WRITE_LIMIT_FOLLOWS: writeLimit('400/1d'),
  WRITE_LIMIT_TICKETS: writeLimit('60/5m'),
  WRITE_LIMIT_PASSWORD: writeLimit('5/1h'),
  WRITE_LIMIT_PROFILE: writeLimit('30/1h'),
  WRITE_LIMIT_EVENTS: writeLimit('100/1h'),
  WRITE_LIMIT_MEDIA: writeLimit('100/1h'),
  /**
   * Requests in progress at once per process, per signed-in user (its token verified, no database)
   * and per client address; over either, 429 with Retry-After before any work. A /trpc batch counts
   * its calls; live streams do not count. Per user: within the pool with room to spare for others.
   */
  MAX_IN_FLIGHT_PER_USER: positiveInt.default(16),
  MAX_IN_FLIGHT_PER_ADDRESS: positiveInt.default(32),
  /** Express "trust proxy": how to find the client's address behind a load balancer. */
  TRUST_PROXY: z.string().default('false'),
  /** Origins allowed to call the API from a browser, comma-separated; none by default. */
  CORS_ORIGINS: commaList,
  /** Worker processes; unset: every core in production, one process otherwise. */
  WEB_CONCURRENCY: positiveInt.optional(),
});

export type Env = z.infer<typeof envSchema>;
/** The name of every variable the service reads (.env.example must describe each). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];
export type Config = Omit<Env, 'JWT_SECRET' | 'WEB_CONCURRENCY'> & { JWT_SECRET: string; WEB_CONCURRENCY: number };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseEnv(env: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { PORT, METRICS_PORT } = result.data;
  if (METRICS_PORT !== undefined && METRICS_PORT !== 0 && METRICS_PORT === PORT)
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (metrics never go on the public port)',
    );
  return result.data;
}

/**
 * The JWT secret: JWT_SECRET when given; in production with an external database it is
 * mandatory; otherwise one is generated once and kept in DATA_DIR so tokens survive restarts.
 */
export function resolveJwtSecret(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    throw new ConfigError(
      `Invalid configuration:\n  JWT_SECRET: required in production (at least ${MIN_SECRET_BYTES} random bytes)`,
    );
  }
  const file = resolve(env.DATA_DIR, 'jwt-secret');
  const secret = readOrCreateSecretFile(file, 48);
  // A stored secret is held to the same rule as JWT_SECRET: a short one is refused, not used.
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES)
    throw new ConfigError(`Invalid configuration:\n  ${file}: must be at least ${MIN_SECRET_BYTES} bytes`);
  return secret;
}

/**
 * Reads `file` into process.env when it exists; variables already set win. Node's --env-file would
 * fail the start when the file is missing (Node 20 has no --env-file-if-exists), and a .env is optional.
 */
export function loadDotEnv(file = '.env'): void {
  if (!existsSync(file)) return;
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${file}: cannot be read (${(error as Error).message})`);
  }
}

/** The service's configuration from parsed variables; writes DATA_DIR's JWT secret when it needs one. */
export function loadConfig(parsed: Env): Config {
  const workers = parsed.WEB_CONCURRENCY ?? (parsed.NODE_ENV === 'production' ? availableParallelism() : 1);
  return { ...parsed, JWT_SECRET: resolveJwtSecret(parsed), WEB_CONCURRENCY: workers };
}
