import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { initORM, startEmbeddedPostgres } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { adminQuery, withDatabase } from './database.js';

/**
 * Boots ONE PostgreSQL for the run (DATABASE_URL when set, else an embedded one in a temporary
 * directory), migrates a template database, and hands its name to the tests, which copy it.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  let adminUrl = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'feedline-test-'));
    chmodSync(dir, 0o755); // the server may run as the `postgres` OS user
    const embedded = await startEmbeddedPostgres(join(dir, 'postgres'), logger, { persistent: false });
    adminUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }

  const runId = `feedline_test_${Date.now().toString(36)}_${process.pid}`;
  const template = `${runId}_template`;
  await adminQuery(adminUrl, `create database "${template}"`);
  const orm = await initORM({ clientUrl: withDatabase(adminUrl, template) });
  await orm.close();
  project.provide('database', { adminUrl, template, runId });

  return async () => {
    const { rows } = await adminQuery(adminUrl, `select datname from pg_database where datname like '${runId}%'`);
    for (const { datname } of rows as { datname: string }[]) {
      await adminQuery(adminUrl, `drop database if exists "${datname}" with (force)`);
    }
    await stop();
  };
}
