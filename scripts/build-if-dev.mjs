// npm start and npm run migrate run the compiled dist/: a checkout with its development packages
// compiles it first; a production install (npm ci --omit=dev) runs the dist/ it was given. "With its
// development packages" is every devDependency installed: some, such as @types/node, also come with
// production packages, and compiling needs all of them.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const { devDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
const installed = (name) => existsSync(join('node_modules', name, 'package.json'));
if (Object.keys(devDependencies).every(installed)) {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
} else {
  process.exitCode = 0;
}
