/**
 * npm run bench [-- --small] [-- --workers 2] [any other option of the yardstick's side-by-side.sh]
 *
 * Measures the service side by side with the raw reference server of the yardstick
 * (`../shared/yardstick`, or YARDSTICK_DIR): the same seeded rows, the same requests, one run,
 * ratios service/reference. See the yardstick's perf/README.md for what a run does. The table it
 * prints, and everything it measured (`--out`), go to bench/results/. Not part of CI: it takes
 * minutes, and its numbers only mean something side by side.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

const projectRoot = resolve(import.meta.dirname, '..');
const yardstick = resolve(projectRoot, process.env.YARDSTICK_DIR ?? '../shared/yardstick');
const sideBySide = resolve(yardstick, 'perf/side-by-side.sh');

if (!existsSync(sideBySide)) {
  console.error(
    `npm run bench compares the service with the raw reference server of the yardstick, which is not at ${yardstick}.\n` +
      'Put the yardstick there (it holds reference/ and perf/side-by-side.sh) or set YARDSTICK_DIR to where it is.',
  );
  process.exit(1);
}

const args = process.argv.slice(2);
if (!args.includes('--out')) {
  mkdirSync(resolve(projectRoot, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  args.push('--out', resolve(projectRoot, `bench/results/side-by-side-${stamp}.json`));
}
console.log(`comparing with the yardstick's reference server (${yardstick})`);
const run = spawnSync(sideBySide, args, { cwd: projectRoot, stdio: 'inherit' });
process.exit(run.status ?? 1);
