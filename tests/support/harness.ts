import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { parseEnv, type Config } from '../../src/platform/config.js';
import { initORM, ormOptions } from '../../src/db/db.js';
import { createApp, createHttpServer } from '../../src/http/http.js';
import { LiveHub } from '../../src/live/live-hub.js';
import { closeMediaServices, createMediaServices, openMediaServices } from '../../src/media/media-services.js';
import { forgetReaders } from '../../src/viewer/reader-statements.js';
import { createLogger, type Logger } from '../../src/platform/logger.js';
import { appRouter } from '../../src/http/router.js';
import { createCallerFactory, createContextFactory, type AppServices } from '../../src/trpc/trpc.js';
import { createTestDatabase, dropInBackground, withDatabase } from './database.js';
import { RAISED_ACCOUNT_LIMITS, RAISED_CONCURRENCY_LIMITS, RAISED_WRITE_LIMITS } from './write-limits.js';

const createCaller = createCallerFactory(appRouter);

export const PASSWORD = 'correct horse battery';

export function testConfig(overrides: Record<string, string> = {}): Config {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Cheap hashing in tests only; production defaults are OWASP's.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    // Relaxed limits: tests share one client address; tests/api/auth/account.test.ts and tests/api/auth/security.test.ts set tight ones.
    ...RAISED_ACCOUNT_LIMITS,
    ...RAISED_WRITE_LIMITS,
    ...RAISED_CONCURRENCY_LIMITS,
    // A run through PgBouncer before 1.21 (scripts/with-pgbouncer.sh) switches named statements off.
    ...(process.env.DB_PREPARED_STATEMENTS && { DB_PREPARED_STATEMENTS: process.env.DB_PREPARED_STATEMENTS }),
    ...overrides,
  });
  return {
    ...env,
    JWT_SECRET: overrides.JWT_SECRET ?? 'test-secret-that-is-at-least-32-bytes-long!!',
    WEB_CONCURRENCY: 1,
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
  firstName: string;
  lastName: string;
  handle: string;
}

/**
 * The next start's copy of the template, made while the current file runs: the api project's worker
 * runs its files one after another in one module graph (isolate: false). The run's teardown drops
 * the last, unused one (a system test file, isolated, leaves its one spare to it too).
 */
let spareCopy: Promise<string> | undefined;

async function copyOfTemplate(): Promise<string> {
  const { adminUrl, template, runId } = inject('database');
  const name = `${runId}_${randomUUID().slice(0, 8)}`;
  await createTestDatabase(adminUrl, name, template);
  return name;
}

/**
 * A private copy of the migrated database, the real Express app listening on a free port, and
 * helpers to call procedures directly (createCaller) or over HTTP.
 */
export class Harness {
  private constructor(
    readonly orm: MikroORM,
    readonly services: AppServices,
    readonly server: Server,
    readonly baseUrl: string,
    readonly databaseUrl: string,
  ) {}

  /** The copy this harness started on, dropped when it closes (an attached one's is another's). */
  private copy?: string;

  /** A fresh copy of the migrated database, and the app on it. */
  static async start(configOverrides: Record<string, string> = {}, logger?: Logger): Promise<Harness> {
    const { adminUrl, pooledUrl } = inject('database');
    // Taken and replaced before any await: two starts at once never share a copy.
    const copy = spareCopy ?? copyOfTemplate();
    spareCopy = copyOfTemplate();
    spareCopy.catch(() => {}); // a failed spare fails the start that takes it
    const name = await copy;
    // Through the run's pooler when it has one.
    const harness = await Harness.attach(withDatabase(pooledUrl ?? adminUrl, name), configOverrides, logger);
    harness.copy = name;
    return harness;
  }

  /** Another app on an existing database: what a second service process would be. */
  static async attach(
    databaseUrl: string,
    configOverrides: Record<string, string> = {},
    logger?: Logger,
  ): Promise<Harness> {
    // A database behind the run's pooler is reached directly for LISTEN, as DATABASE_DIRECT_URL says.
    const { adminUrl, pooledUrl } = inject('database');
    const pooled = pooledUrl !== undefined && new URL(databaseUrl).host === new URL(pooledUrl).host;
    const direct: Record<string, string> =
      pooled && !configOverrides.LIVE_LISTEN_DATABASE_URL
        ? { DATABASE_DIRECT_URL: withDatabase(adminUrl, new URL(databaseUrl).pathname.slice(1)) }
        : {};
    const config = testConfig({ DATABASE_URL: databaseUrl, ...direct, ...configOverrides });
    const appLogger = logger ?? createLogger(config.LOG_LEVEL);
    // What this process remembers of readers, by user id, may be of another database's users (only
    // a guess: a wrong one costs a statement, and tests that hold a statement in flight count them).
    forgetReaders();
    const orm = await initORM({ ...ormOptions(config, databaseUrl, appLogger), migrate: false });
    const media = createMediaServices(config);
    await openMediaServices(media);
    const services: AppServices = { orm, config, logger: appLogger, live: new LiveHub(orm, config, appLogger), media };
    const server = createHttpServer(createApp(services), services.config).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return new Harness(orm, services, server, `http://127.0.0.1:${port}`, databaseUrl);
  }

  /** The database itself, for session state (LISTEN) a transaction-mode pooler would not keep. */
  get directUrl(): string {
    return this.services.config.DATABASE_DIRECT_URL ?? this.databaseUrl;
  }

  async close(): Promise<void> {
    await this.services.live.close();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await closeMediaServices(this.services.media);
    await this.orm.close();
    if (this.copy) dropInBackground(inject('database').adminUrl, this.copy);
  }

  /** A tRPC caller as the given token's owner would be (or anonymous). */
  caller(token?: string) {
    const createContext = createContextFactory(this.services);
    return createCaller(
      createContext({ req: { headers: token ? { authorization: `Bearer ${token}` } : {} } } as never),
    );
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | Uint8Array | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    // A hung request fails its test instead of stalling the run (and its hooks) for good.
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  /** Signs a new user up and logs them in, through the procedures. */
  async user(
    overrides: Partial<{ firstName: string; lastName: string; email: string; handle: string }> = {},
  ): Promise<TestUser> {
    const firstName = overrides.firstName ?? 'Test';
    const lastName = overrides.lastName ?? `User${randomUUID().slice(0, 6)}`;
    const email = overrides.email ?? `user-${randomUUID()}@example.com`;
    const anonymous = this.caller();
    const summary = await anonymous.auth.signup({
      email,
      password: PASSWORD,
      passwordValidation: PASSWORD,
      firstName,
      lastName,
      ...(overrides.handle !== undefined && { handle: overrides.handle }),
    });
    const { token } = await anonymous.auth.login({ email, password: PASSWORD });
    return { id: summary.id, email, token, firstName, lastName, handle: summary.handle };
  }

  /**
   * Runs `fn` and calls `onQuery` with every statement it sends to PostgreSQL, at the driver
   * (every `pg` client query on this harness's database: the ORM's and the prepared statements run
   * on its pool alike), and what the driver returned for it. Not for concurrent use. Clients of
   * other databases are not counted: the worker copies the next file's database meanwhile.
   */
  async watchQueries(
    fn: () => Promise<unknown>,
    onQuery: (config: { name?: string; text?: string }, result: unknown) => void,
  ): Promise<void> {
    const prototype = pg.Client.prototype as { query: (...args: unknown[]) => unknown };
    const query = prototype.query;
    const database = new URL(this.databaseUrl).pathname.slice(1);
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const result = query.apply(this, args);
      if (this.database === database)
        onQuery(typeof args[0] === 'object' && args[0] ? args[0] : { text: String(args[0]) }, result);
      return result;
    };
    try {
      await fn();
    } finally {
      prototype.query = query;
    }
  }

  /** How many statements on this harness's database wait on a lock now. */
  async waitingOnLocks(): Promise<number> {
    const [{ n }] = await this.orm.em
      .fork()
      .execute<[{ n: number }]>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
    return n;
  }

  /** How many statements `fn` sends to PostgreSQL (watchQueries). */
  async countQueries(fn: () => Promise<unknown>): Promise<number> {
    let count = 0;
    await this.watchQueries(fn, () => count++);
    return count;
  }
}

/**
 * The harness of a test file (or of a describe block): started before its tests, closed after
 * them, passed or failed. Read it inside tests and hooks only. Hooks registered after this call
 * run after the start, and (vitest runs after-hooks in reverse) their cleanups before the close.
 */
export function useHarness(configOverrides: Record<string, string> = {}, logger?: Logger): Harness {
  let started: Harness | undefined;
  beforeAll(async () => {
    started = await Harness.start(configOverrides, logger);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!started) throw new Error(`harness.${String(key)} read outside the tests and hooks of its file`);
      const value: unknown = Reflect.get(started, key, started);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}
