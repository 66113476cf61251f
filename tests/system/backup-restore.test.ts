import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { initORM } from '../../src/db/db.js';
import { freePort } from '../../src/platform/ports.js';

/**
 * The backup and point-in-time restore of docs/high-availability.md, run as written: a base
 * backup with WAL archiving of a seeded Feedline database, more writes, then a restore to a moment
 * between them, checked by counting rows.
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const missing = existsSync(join(PG_BIN, 'pg_basebackup')) ? undefined : 'postgresql-15 is not installed';
const off = process.env.TOPOLOGY_TESTS === 'off';
if (off) console.warn('backup test skipped: TOPOLOGY_TESTS=off');
else if (missing && process.env.CI !== 'true') console.warn(`backup test skipped: ${missing}`);
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

/** The test's folder, made when it runs: a skipped run leaves nothing behind. */
let dir = '';
const asRoot = process.getuid?.() === 0;
const servers: string[] = [];

/** Runs a PostgreSQL program as the `postgres` OS user when this is root (the server refuses root). */
function pgRun(program: string, args: string[]): string {
  const [command, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
}

function ownedByPostgres(path: string) {
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', path]);
}

function startServer(dataDir: string) {
  pgRun('pg_ctl', ['-D', dataDir, '-l', `${dataDir}.log`, '-w', '-t', '120', 'start']);
  servers.push(dataDir);
}

async function query<T extends pg.QueryResultRow>(port: number, text: string, values: unknown[] = []) {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'feedline' });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const count = async (port: number) =>
  Number((await query<{ n: string }>(port, 'select count(*) as n from posts'))[0]!.n);

async function writePosts(port: number, n: number, label: string) {
  await query(
    port,
    `insert into posts (title, content, author_id) select $1 || ' ' || i, 'backup test', 1 from generate_series(1, $2) i`,
    [label, n],
  );
}

afterAll(() => {
  for (const dataDir of servers.reverse()) {
    try {
      pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(off || (missing !== undefined && process.env.CI !== 'true'))('backup and point-in-time restore', () => {
  it('restores a base backup plus archived WAL to a moment between two batches of writes', async () => {
    dir = mkdtempSync(join(tmpdir(), 'feedline-backup-'));
    chmodSync(dir, 0o755);
    const archive = join(dir, 'wal-archive');
    const primary = join(dir, 'primary');
    mkdirSync(archive);
    ownedByPostgres(dir);
    pgRun('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const port = await freePort();
    appendFileSync(
      join(primary, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        `wal_level = replica`,
        `archive_mode = on`,
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
        // A throwaway cluster: what it proves is the archive and the restore, not the disk.
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    startServer(primary);
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query('create database feedline');
    await admin.end();
    const orm = await initORM({ clientUrl: `postgres://postgres@127.0.0.1:${port}/feedline` });
    await orm.close();
    await query(
      port,
      `insert into users (email, password_hash, first_name, last_name) values ('backup@example.com', 'x', 'Back', 'Up')`,
    );
    await writePosts(port, 50, 'seeded');

    // The base backup, streaming the WAL it needs alongside.
    pgRun('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      '-D',
      join(dir, 'base'),
      '-X',
      'stream',
      '-c',
      'fast',
    ]);

    await writePosts(port, 30, 'kept');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const [{ target }] = (await query<{ target: string }>(
      port,
      `select to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as target`,
    )) as [{ target: string }];
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await writePosts(port, 20, 'after the target');
    expect(await count(port)).toBe(100);
    // Close the current WAL segment so the archive holds every write, then wait for it to land.
    const [{ segment }] = (await query<{ segment: string }>(
      port,
      'select pg_walfile_name(pg_switch_wal()) as segment',
    )) as [{ segment: string }];
    for (const deadline = Date.now() + 60_000; !existsSync(join(archive, segment));) {
      if (Date.now() > deadline) throw new Error(`WAL segment ${segment} was not archived`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    pgRun('pg_ctl', ['-D', primary, '-m', 'fast', '-w', 'stop']);

    // The restore: the base backup, recovery.signal, and where to stop.
    const restored = join(dir, 'restored');
    execFileSync('cp', ['-a', join(dir, 'base'), restored]);
    const restoredPort = await freePort();
    writeFileSync(join(restored, 'recovery.signal'), '');
    appendFileSync(
      join(restored, 'postgresql.auto.conf'),
      [
        `port = ${restoredPort}`,
        `archive_mode = off`,
        `restore_command = 'cp ${archive}/%f %p'`,
        `recovery_target_time = '${target}'`,
        `recovery_target_action = 'promote'`,
        '',
      ].join('\n'),
    );
    ownedByPostgres(restored);
    chmodSync(restored, 0o700);
    if (asRoot)
      chownSync(
        restored,
        Number(execFileSync('id', ['-u', 'postgres']).toString()),
        Number(execFileSync('id', ['-g', 'postgres']).toString()),
      );
    startServer(restored);
    for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
      const [{ recovering }] = (await query<{ recovering: boolean }>(
        restoredPort,
        'select pg_is_in_recovery() as recovering',
      )) as [{ recovering: boolean }];
      if (!recovering) break;
      if (Date.now() > deadline) throw new Error('the restored server did not finish recovery');
    }
    expect(await count(restoredPort)).toBe(80);
    const labels = await query<{ title: string }>(
      restoredPort,
      `select distinct split_part(title, ' ', 1) as title from posts order by 1`,
    );
    expect(labels.map((row) => row.title)).toEqual(['kept', 'seeded']);
  });
});
