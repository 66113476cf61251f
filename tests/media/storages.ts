import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { cephInstalled, untilReady, type S3Endpoint } from '../support/ceph-rgw.js';
import { Harness } from '../support/harness.js';

/** The storages every media test runs on: files under a folder, and S3 on the run's Ceph RGW. */
export const STORAGES = ['fs', 's3'] as const;
export type Storage = (typeof STORAGES)[number];

const missing = cephInstalled() ? undefined : 'Ceph is not installed (ceph-mon ceph-osd radosgw ceph-common)';

/** Whether a storage's tests cannot run here (S3 without Ceph, outside CI: CI must run them). */
export function skipped(storage: Storage): boolean {
  if (storage === 's3' && missing && process.env.CI !== 'true') {
    console.warn(`S3 media tests skipped: ${missing}`);
    return true;
  }
  return false;
}

/**
 * The storages, for a test file to run its tests on (called at its top level). The RGW is the
 * run's, started and stopped by the global setup: a file's buckets go with it.
 */
export function storagesOfThisFile(): readonly Storage[] {
  // vitest.config.ts: the `api` project runs them on fs, the `s3` project on S3; run alone, both.
  const chosen = process.env.MEDIA_TEST_STORAGES?.split(',');
  return chosen ? STORAGES.filter((storage) => chosen.includes(storage)) : STORAGES;
}

/** The run's RGW, once ready (support/global-setup.ts starts one for a run with media tests). */
export async function runS3(): Promise<S3Endpoint> {
  const s3 = inject('s3');
  if (!s3) throw new Error('no RGW in this run: the global setup starts one for tests/media/ when Ceph is installed');
  await untilReady(s3.readyFile);
  return s3;
}

/** MEDIA_* settings for `storage`: a fresh folder or a fresh bucket of the run's RGW. */
export async function storageConfig(
  storage: Storage,
): Promise<{ config: Record<string, string>; cleanup: () => void }> {
  if (storage === 'fs') {
    const dataDir = mkdtempSync(join(tmpdir(), 'feedline-media-'));
    return { config: { DATA_DIR: dataDir }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const s3 = await runS3();
  return {
    config: {
      MEDIA_STORAGE: 's3',
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_REGION: s3.region,
      MEDIA_S3_BUCKET: `media-${randomBytes(6).toString('hex')}`,
      MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: 'true',
    },
    cleanup: () => undefined,
  };
}

/**
 * A harness on `storage` for a describe block (useHarness's contract): started before its tests,
 * closed after them with its folder removed. `overrides` add to the storage's settings.
 */
export function useMediaHarness(storage: Storage, overrides: Record<string, string> = {}): Harness {
  let started: Harness | undefined;
  let cleanup = () => {};
  beforeAll(async () => {
    if (skipped(storage)) return;
    const settings = await storageConfig(storage);
    cleanup = settings.cleanup;
    started = await Harness.start({ ...settings.config, ...overrides });
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
    cleanup();
  });
  return new Proxy({} as Harness, {
    get(_, key) {
      if (!started) throw new Error(`harness.${String(key)} read outside the tests and hooks of its block`);
      const value: unknown = Reflect.get(started, key, started);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}

/** Counts the objects in a harness's store. */
export async function storedKeys(h: Harness): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of h.services.media.store.keys()) keys.push(key);
  return keys.sort();
}
