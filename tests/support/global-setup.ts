import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { initORM } from '../../src/db/db.js';
import { startEmbeddedPostgres } from '../../src/db/embedded/embedded-postgres.js';
import { createLogger } from '../../src/platform/logger.js';
import { cephInstalled, launchCephRgw, RGW_READY, type S3Endpoint } from './ceph-rgw.js';
import { adminQuery, createTestDatabase, withDatabase } from './database.js';

/** Connections the teardown uses at once, on a server other runs may share. */
const DROPS_AT_ONCE = 10;

/**
 * Whether the run needs an S3 store: it runs a media test file, and Ceph is installed (or this is
 * CI, which must run the S3 tests: the start then fails loudly without Ceph).
 */
function runNeedsS3(project: TestProject): boolean {
  if (!cephInstalled() && process.env.CI !== 'true') return false;
  // The `s3` project (vitest.config.ts) runs the media tests on S3; the others never need it.
  return (
    project.vitest.projects.some((p) => p.name === 's3') &&
    project.vitest.state.getPaths().some((file) => file.includes('/tests/media/'))
  );
}

/**
 * The run's RGW, started in the background: the files wait for its `readyFile` (untilReady), so the
 * first files, and the fs half of each media file, run meanwhile. A failed start cleans up after
 * itself and writes its error there, for the S3 tests to fail with.
 */
async function launchRunRgw(): Promise<{ provided: S3Endpoint & { readyFile: string }; stop: () => Promise<void> }> {
  const { rgw, ready } = await launchCephRgw();
  const readyFile = join(tmpdir(), `feedline-rgw-${process.pid}-${Date.now().toString(36)}`);
  const written = ready
    .then(
      () => RGW_READY,
      (error: Error) => error.message,
    )
    .then((said) => writeFileSync(readyFile, said));
  const { endpoint, accessKeyId, secretAccessKey, region } = rgw;
  return {
    provided: { endpoint, accessKeyId, secretAccessKey, region, readyFile },
    async stop() {
      await written; // a start under way ends first
      try {
        await ready.then(
          () => rgw.stop(),
          () => undefined, // cleaned up already
        );
      } finally {
        rmSync(readyFile, { force: true });
      }
    },
  };
}

/**
 * Boots ONE PostgreSQL for the run (DATABASE_URL when set, else an embedded one in a temporary
 * directory), migrates a template database, and hands its name to the tests, which copy it. With
 * DATABASE_DIRECT_URL too, DATABASE_URL is a pooler in front of it: the apps under test use it.
 * A run of media tests gets ONE Ceph RGW too (launchRunRgw); each harness takes a bucket of it.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // Behind a pooler (DATABASE_DIRECT_URL set), databases are made and dropped on the server itself.
  let adminUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL;
  const pooledUrl = process.env.DATABASE_DIRECT_URL && process.env.DATABASE_URL;
  let stop = async () => {};
  const rgw = runNeedsS3(project) ? launchRunRgw() : undefined;
  rgw?.catch(() => {}); // awaited below
  const stopRgw = async () => (await rgw?.catch(() => undefined))?.stop();
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'feedline-test-'));
    chmodSync(dir, 0o755); // the server may run as the `postgres` OS user
    const embedded = await startEmbeddedPostgres(dir, logger, { persistent: false, durable: false }).catch(
      async (error: unknown) => {
        await stopRgw();
        rmSync(dir, { recursive: true, force: true });
        throw error;
      },
    );
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const runId = `feedline_test_${Date.now().toString(36)}_${process.pid}`;
  // What is left at the end: the harnesses' spare copies, and any copy a harness could not drop as
  // it closed (support/database.ts). Every DROP DATABASE waits for a checkpoint; drops that wait
  // together share one.
  const dropRunDatabases = async () => {
    // A harness copies the next file's database ahead (support/harness.ts): let a copy under way finish.
    for (let waited = 0; waited < 60_000; waited += 100) {
      const copying = await adminQuery(
        adminUrl,
        `select 1 from pg_stat_activity where state = 'active' and query ilike 'create database "${runId}%'`,
      );
      if (copying.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { rows } = await adminQuery(adminUrl, `select datname from pg_database where datname like '${runId}%'`);
    const names = (rows as { datname: string }[]).map((row) => row.datname);
    for (let start = 0; start < names.length; start += DROPS_AT_ONCE) {
      const drops = names
        .slice(start, start + DROPS_AT_ONCE)
        .map((name) => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`));
      const failed = (await Promise.allSettled(drops)).find((drop) => drop.status === 'rejected');
      if (failed) throw failed.reason;
    }
  };
  // Whatever fails, the databases, the embedded server and the RGW go: a run leaves nothing behind.
  const teardown = async () => {
    try {
      await dropRunDatabases();
    } finally {
      try {
        await stop();
      } finally {
        await stopRgw();
      }
    }
  };
  try {
    const template = `${runId}_template`;
    await createTestDatabase(adminUrl, template);
    const orm = await initORM({ clientUrl: withDatabase(adminUrl, template) });
    await orm.close();
    project.provide('database', { adminUrl, template, runId, ...(pooledUrl && { pooledUrl }) });
    const s3 = await rgw;
    if (s3) project.provide('s3', s3.provided);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
