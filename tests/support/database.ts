import pg from 'pg';

export interface TestDatabase {
  /** A connection URL with rights to create databases. */
  adminUrl: string;
  /** The migrated database each test file copies. */
  template: string;
  /** Prefix of every database this run creates, so teardown can drop them all. */
  runId: string;
  /** A transaction-mode pooler in front of adminUrl's server, when the run goes through one. */
  pooledUrl?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabase;
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** How long a connection is tried again while the server has none to give (SQLSTATE 53300). */
const FULL_SERVER_WAIT_MS = 30_000;

/**
 * A connection to `url`. A server full for a moment (a pooler's idle server connections, which close
 * after its server_idle_timeout) is waited for, not taken as a failure.
 */
async function connectWhenRoom(url: string): Promise<pg.Client> {
  for (const deadline = Date.now() + FULL_SERVER_WAIT_MS; ;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      if ((error as { code?: string }).code !== '53300' || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Runs each statement in turn on one connection (CREATE DATABASE cannot share a query with another); the last one's result. */
export async function adminQuery(adminUrl: string, ...statements: [string, ...string[]]): Promise<pg.QueryResult> {
  const client = await connectWhenRoom(adminUrl);
  try {
    let result: pg.QueryResult | undefined;
    for (const sql of statements) result = await client.query(sql);
    return result!;
  } finally {
    await client.end();
  }
}

/**
 * The database settings of `template` (ALTER DATABASE … SET, which the migrations make: jit) given
 * to its copy `name`: CREATE DATABASE copies the data, not them.
 */
const copySettings = (template: string, name: string) => `do $$ declare setting text; begin
    for setting in select unnest(s.setconfig) from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
      where d.datname = '${template}' and s.setrole = 0 loop
      execute format('alter database %I set %s = %L', '${name}', split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1));
    end loop;
  end $$`;

/**
 * Creates a test database (a copy of `template` when given, with its database settings). A test
 * database need not outlive a crash, and the run's server may be shared: its commits do not wait
 * for the disk, set on the database rather than the server.
 */
export function createTestDatabase(adminUrl: string, name: string, template?: string): Promise<pg.QueryResult> {
  return adminQuery(
    adminUrl,
    `create database "${name}"${template ? ` template "${template}"` : ''}`,
    ...(template ? [copySettings(template, name)] : []),
    `alter database "${name}" set synchronous_commit = off`,
  );
}

/** Background drops at once per process: each holds a connection while it waits. */
const DROPS_UNDER_WAY_MAX = 2;
let dropsUnderWay = 0;

/**
 * Drops a test database without waiting: every DROP DATABASE waits for a checkpoint, so drops made
 * as files end overlap the run instead of queueing in its teardown. A drop waits up to 5 s while
 * someone is still connected (a pooler's idle server connections): at most DROPS_UNDER_WAY_MAX at
 * once, so fast files cannot pile up connections; past that, and when a drop fails, the database
 * is left to the teardown.
 */
export function dropInBackground(adminUrl: string, name: string): void {
  if (dropsUnderWay >= DROPS_UNDER_WAY_MAX) return;
  dropsUnderWay++;
  const client = new pg.Client({ connectionString: adminUrl });
  client.connect().catch(() => undefined); // pg queues the query until connected
  client
    .query(`drop database if exists "${name}"`)
    .catch(() => undefined)
    .finally(() => {
      dropsUnderWay--;
      void client.end().catch(() => undefined);
    });
}
