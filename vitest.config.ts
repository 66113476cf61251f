import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/** What every project runs with: every test file gets a private copy of the database (global setup). */
export const projectDefaults = {
  testTimeout: 30_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

/** Deliberately failing tests that prove `npm test` can fail; .ci/run runs them on their own. */
const FIXTURES = 'tests/fixtures/**';
/** Whole processes, real outages, a browser, fuzzing: slow, and run only by `npm test`. */
const SYSTEM = 'tests/system/**/*.test.ts';
/**
 * System tests whose database is the same whatever DATABASE_URL says (an embedded server of their
 * own), or whose subject is not the database (the /docs page, the bench command, the image's
 * layout). CI's second pass (DATABASE_URL) sets SYSTEM_TESTS=database-mode and leaves them to the first.
 */
const SAME_IN_EVERY_DATABASE_MODE = [
  'tests/system/embedded.test.ts',
  'tests/system/outage.test.ts',
  'tests/system/docs-page.test.ts',
  'tests/system/bench.test.ts',
  'tests/system/production-layout.test.ts',
  'tests/system/command-lines.test.ts',
];
const databaseModeOnly = process.env.SYSTEM_TESTS === 'database-mode';

/**
 * Media test files that run per storage (tests/media/storages.ts): `api` runs them on files under a
 * folder, `s3` on the run's Ceph RGW, an external cluster like the system tests' (so the fast tier
 * needs none).
 */
const PER_STORAGE = readdirSync('tests/media')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/media/${name}`)
  .filter((file) => readFileSync(file, 'utf8').includes('storagesOfThisFile('));

/**
 * Three projects: `api` (procedures and HTTP against the app in-process: `npm run test:api`, the fast
 * tier; docs/performance.md has its times), `s3` (the per-storage media tests on S3) and `system` (the
 * service as processes and machines meet it). `npm test` runs all three. The global setup is the
 * root's, so one database server (and, for a run with the `s3` project, one Ceph RGW) serves them all.
 */
export default defineConfig({
  // vitest keeps each file's last duration here, and starts the longest first.
  cacheDir: '.cache/vite',
  test: {
    // Transformed modules kept between runs (keyed by their content): a run after the first skips
    // most of its transform and import time. Under .cache/, not node_modules, as the file durations
    // are (cacheDir): a reinstall (CI's pass on the current LTS) keeps both.
    experimental: { fsModuleCache: true, fsModuleCachePath: '.cache/vitest-modules' },
    globalSetup: ['tests/support/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'api',
          isolate: false,
          // Its files mostly wait on PostgreSQL: two at a time even on two cores (vitest's default is one
          // less than the cores). API_TEST_WORKERS sets it (CI's pass through PgBouncer runs one).
          maxWorkers: Number(process.env.API_TEST_WORKERS) || Math.max(2, availableParallelism() - 1),
          // Projects of different maxWorkers run one after the other: the api tier first.
          sequence: { groupOrder: 0 },
          include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, FIXTURES, SYSTEM],
          env: { MEDIA_TEST_STORAGES: 'fs' },
          ...projectDefaults,
        },
      },
      // The store is the same whatever the database: CI's second pass (SYSTEM_TESTS=database-mode)
      // leaves the S3 half to the first, and runs the fs half with the api project.
      ...(databaseModeOnly
        ? []
        : [
            {
              test: {
                name: 's3',
                isolate: false,
                sequence: { groupOrder: 1 },
                include: PER_STORAGE,
                env: { MEDIA_TEST_STORAGES: 's3' },
                ...projectDefaults,
              },
            },
          ]),
      {
        test: {
          name: 'system',
          // Its files mostly wait on the processes and clusters they start: two at a time on two cores.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          include: [SYSTEM],
          exclude: [...configDefaults.exclude, ...(databaseModeOnly ? SAME_IN_EVERY_DATABASE_MODE : [])],
          ...projectDefaults,
        },
      },
    ],
  },
});
