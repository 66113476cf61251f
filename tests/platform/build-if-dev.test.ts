import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * npm start's and npm run migrate's build step (scripts/build-if-dev.mjs) compiles only in a checkout
 * with every development package: after `npm ci --omit=dev` some (@types/node) still come with
 * production packages, and compiling there failed (TS7016) before the service could start.
 */
const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A package whose build leaves a marker, with these of its development packages installed. */
function project(installed: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-build-if-dev-'));
  folders.push(dir);
  const devDependencies = { '@types/node': '1.0.0', '@types/pg': '1.0.0', typescript: '1.0.0' };
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'p',
      private: true,
      scripts: { build: "node -e \"require('fs').writeFileSync('built', '')\"" },
      devDependencies,
    }),
  );
  for (const name of installed) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0' }));
  }
  cpSync(resolve('scripts/build-if-dev.mjs'), join(dir, 'build-if-dev.mjs'));
  return dir;
}
const run = (dir: string) => spawnSync(process.execPath, ['build-if-dev.mjs'], { cwd: dir, encoding: 'utf8' });

describe('the build step of npm start and npm run migrate', () => {
  it('compiles nothing in a production install, where @types/node came with a production package', () => {
    const dir = project(['@types/node', 'typescript']);
    expect(run(dir).status).toBe(0);
    expect(existsSync(join(dir, 'built'))).toBe(false);
  });

  it('compiles where every development package is installed', () => {
    const dir = project(['@types/node', '@types/pg', 'typescript']);
    expect(run(dir).status).toBe(0);
    expect(existsSync(join(dir, 'built'))).toBe(true);
  });
});
