/**
 * Lints the OpenAPI document with Redocly's recommended ruleset and with Spectral's `spectral:oas`
 * (.spectral.yaml): any error or warning of either fails.
 *   npm run lint:openapi          (.ci/run runs it)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocumentOf } from '../src/http/openapi.js';
import { appRouter } from '../src/http/router.js';

interface Report {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

const redocly = fileURLToPath(new URL('../node_modules/.bin/redocly', import.meta.url));
const spectral = fileURLToPath(new URL('../node_modules/.bin/spectral', import.meta.url));
const spectralRuleset = fileURLToPath(new URL('../.spectral.yaml', import.meta.url));

interface SpectralResult {
  code: string;
  severity: number;
  path: string[];
  message: string;
}
const scratch = mkdtempSync(join(tmpdir(), 'feedline-openapi-'));
try {
  const file = join(scratch, 'openapi.json');
  writeFileSync(file, JSON.stringify(openApiDocumentOf(appRouter), null, 2));
  const run = spawnSync(redocly, ['lint', file, '--extends=recommended', '--format=json'], { encoding: 'utf8' });
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    console.error(run.stdout, run.stderr);
    throw new Error(`redocly lint exited ${run.status} without a report`);
  }
  // `/users/by-handle/{handle}` beside `/users/{id}/follow` and the like: Redocly reads both as
  // `/users/*/*`, but `{id}` is digits only (idParam) and no handle has a `-`, so no path matches both.
  const unambiguous = (problem: Report['problems'][number]) =>
    problem.ruleId === 'no-ambiguous-paths' && problem.message.includes('`/users/by-handle/{handle}`');
  const problems = report.problems.filter((problem) => !unambiguous(problem));
  for (const problem of problems)
    console.log(`${problem.severity} ${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  console.log(`redocly lint (recommended): ${errors} errors, ${warnings} warnings`);
  if (errors + warnings > 0) process.exitCode = 1;

  const linted = spawnSync(spectral, ['lint', file, '--ruleset', spectralRuleset, '--format', 'json', '--quiet'], {
    encoding: 'utf8',
  });
  let results: SpectralResult[];
  try {
    results = JSON.parse(linted.stdout.slice(0, linted.stdout.lastIndexOf(']') + 1)) as SpectralResult[];
  } catch {
    console.error(linted.stdout, linted.stderr);
    throw new Error(`spectral lint exited ${linted.status} without a report`);
  }
  for (const result of results) console.log(`spectral ${result.code} ${result.path.join('.')}: ${result.message}`);
  console.log(`spectral lint (spectral:oas): ${results.length} results`);
  if (results.length > 0) process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
