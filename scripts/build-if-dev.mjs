// npm start and npm run migrate run the compiled dist/: a checkout with its development packages
// compiles it first; a production install (npm ci --omit=dev) has no compiler types and runs the
// dist/ it was given.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import process from 'node:process';

try {
  createRequire(import.meta.url).resolve('@types/node/package.json');
} catch {
  process.exit(0);
}
execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
