/**
 * npm run bench [-- options]
 *
 * With the yardstick beside the checkout (`../shared/yardstick`, or YARDSTICK_DIR): the service
 * side by side with its raw reference server, by the yardstick's perf/side-by-side.sh, options
 * passed through (--small, --workers 2, --duration, ...; see its perf/README.md); the table and
 * everything measured (`--out`) go to bench/results/. Without it, or with --standalone: the
 * stand-alone load test of bench/standalone.ts (--help lists its options). Not part of CI.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { runStandalone } from './standalone.js';

const projectRoot = resolve(import.meta.dirname, '..');
const yardstick = resolve(projectRoot, process.env.YARDSTICK_DIR ?? '../shared/yardstick');
const sideBySide = resolve(yardstick, 'perf/side-by-side.sh');
const args = process.argv.slice(2);

if (args.includes('--standalone') || args.includes('--help') || !existsSync(sideBySide)) {
  const notice = existsSync(sideBySide) ? undefined : `no yardstick at ${yardstick}: running the stand-alone load test`;
  process.exit(await runStandalone(args, notice));
}

if (!args.includes('--out')) {
  mkdirSync(resolve(projectRoot, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  args.push('--out', resolve(projectRoot, `bench/results/side-by-side-${stamp}.json`));
}
console.log(`comparing with the yardstick's reference server (${yardstick})`);
const run = spawnSync(sideBySide, args, { cwd: projectRoot, stdio: 'inherit' });
process.exit(run.status ?? 1);
