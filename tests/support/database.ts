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

export async function adminQuery(adminUrl: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}
