/**
 * Writes src/db/schema.sql: the schema every migration leaves, as PostgreSQL 15 (what production
 * runs) dumps it: tables, indexes, and each trigger and function as it is now, in one place.
 *   npm run db:schema     (tests/db/sql-files.test.ts fails while the file is stale)
 * It migrates a new database on the server DATABASE_URL names (the machine's PostgreSQL 15 at
 * 127.0.0.1:5432 when unset), dumps it with pg_dump 15, and drops it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { initORM } from '../src/db/db.js';

export const SCHEMA_FILE = new URL('../src/db/schema.sql', import.meta.url);

/** pg_dump refuses a newer server (the embedded one is 17): the dump is version 15's. */
export const PG_DUMP = '/usr/lib/postgresql/15/bin/pg_dump';
export const SCHEMA_SERVER_MAJOR = 15;

/** The server's major version. */
export async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

/**
 * The schema of the database at `url`, as schema.sql holds it. pg_dump writes a random `\restrict`
 * key unless given one, and names its own and the server's minor version: both would change the
 * file from run to run and machine to machine.
 */
export function renderSchema(url: string): string {
  const dump = execFileSync(
    PG_DUMP,
    ['--schema-only', '--no-owner', '--no-privileges', '--restrict-key=feedline', `--dbname=${url}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const header =
    '-- The schema the migrations leave, written by `npm run db:schema` (scripts/db-schema.ts). Do not edit.\n';
  return header + dump.replace(/^-- Dumped (from database|by pg_dump) version .*\n/gm, '');
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!existsSync(PG_DUMP)) throw new Error(`${PG_DUMP} is missing: apt-get install postgresql-client-15`);
  const major = await serverMajor(server);
  if (major !== SCHEMA_SERVER_MAJOR)
    throw new Error(`the server DATABASE_URL names is PostgreSQL ${major}: point it at a PostgreSQL 15`);
  const name = `feedline_schema_${process.pid}`;
  const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database "${name}"`);
  try {
    await (await initORM({ clientUrl: url })).close();
    writeFileSync(SCHEMA_FILE, renderSchema(url));
    console.log(`wrote ${SCHEMA_FILE.pathname}`);
  } finally {
    await admin(`drop database if exists "${name}" with (force)`);
  }
}
