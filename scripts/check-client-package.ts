/**
 * The package as another project meets it: `npm pack` (which builds), the tarball unpacked into a
 * scratch project beside only the package's own dependencies (as `npm install <tarball>` would
 * lay them out), and `tsc --noEmit` there under a strict NodeNext tsconfig that also checks
 * declaration files. A good file must compile, reading no server declarations; a procedure-name
 * typo and a string id must not. Then the client is imported at run time with plain node.
 *   npm run check:client-package          (.ci/run runs it)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const GOOD = `import { createFeedlineRestClient, createFeedlineTrpcClient, type AppRouter } from 'feedline/client';
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
    text: `import { createFeedlineTrpcClient } from 'feedline/client';
await createFeedlineTrpcClient({ baseUrl: 'http://localhost:3000' }).posts.creat.mutate({ title: 't', content: 'c' });
`,
    error: /typo\.ts\(2,\d+\): error TS(2339|2551): Property 'creat' does not exist/,
  },
  'string-id.ts': {
    text: `import { createFeedlineTrpcClient } from 'feedline/client';
await createFeedlineTrpcClient({ baseUrl: 'http://localhost:3000' }).posts.get.query({ id: 'abc' });
`,
    error: /string-id\.ts\(2,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
  },
};

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
  const run = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json', ...args], { cwd: project, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

class Failed extends Error {}

function fail(message: string): never {
  throw new Failed(message);
}

const scratch = mkdtempSync(join(tmpdir(), 'feedline-client-package-'));
try {
  console.log('npm pack (builds first)');
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', scratch], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .trim()
    .split('\n')
    .at(-1)!;
  const project = join(scratch, 'consumer');
  const installed = join(project, 'node_modules/feedline');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', join(scratch, packed), '-C', installed, '--strip-components=1']);
  // The package's dependencies where npm would hoist them, and nothing else of this checkout's.
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const name of [...Object.keys(manifest.dependencies), '@types/node']) {
    mkdirSync(dirname(join(project, 'node_modules', name)), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', name), join(project, 'node_modules', name));
  }
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));

  writeFileSync(join(project, 'good.ts'), GOOD);
  const good = tsc(project, 'good.ts', '--listFiles');
  if (good.status !== 0) fail(`a correct use of feedline/client does not compile:\n${good.output}`);
  const server = good.output.split('\n').filter((file) => file.includes('/node_modules/feedline/dist/src/'));
  if (server.length) fail(`feedline/client's types reach server declarations:\n${server.join('\n')}`);
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
      "const c = await import('feedline/client'); console.log(typeof c.createFeedlineTrpcClient, typeof c.createFeedlineRestClient);",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  if (loaded.stdout.trim() !== 'function function') fail(`feedline/client does not load:\n${loaded.stderr}`);
  console.log('feedline/client loads with plain node');
} catch (error) {
  if (!(error instanceof Failed)) throw error;
  console.error(`check-client-package: ${error.message}`);
  process.exitCode = 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
