/**
 * Generates packages/client/src/router-types.ts: the router's type as clients see it (each procedure's input and
 * output, written out in full, and the error shape), with no reference to server code. A package
 * that imports `@feedline/client` then type-checks without the server's own dependencies and types
 * (express, pg, MikroORM, the request logger's augmentations).
 *   npm run client:generate     (`npm run lint` fails while the committed file is stale)
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import { appRouter } from '../src/http/router.js';
import { procedureDefOf, proceduresOf } from '../src/trpc/internals.js';

export const ROUTER_TYPES_FILE = new URL('../packages/client/src/router-types.ts', import.meta.url);

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROBE = resolve(ROOT, 'scripts/router-types.probe.ts');

const KIND = {
  query: 'TRPCQueryProcedure',
  mutation: 'TRPCMutationProcedure',
  subscription: 'TRPCSubscriptionProcedure',
};

/** An alias name for each procedure's input or output in the probe ("posts.get" → "posts_get_input"). */
const alias = (path: string, part: string) => `${path.replace(/\./g, '_')}_${part}`;

/**
 * The probe: one alias per type to print, each passed through Expand, which rebuilds every object
 * type as an anonymous one so that the checker prints its members instead of a name (zod's
 * inferred types, our schema aliases) that the generated file could not import; Blob, FormData and
 * Uint8Array (an upload's input) are global types, kept by name.
 */
function probeSource(procedures: [string, keyof typeof KIND][]): string {
  const lines = [
    "import type { inferProcedureOutput, inferRouterError, inferSubscriptionOutput, TRPC_ERROR_CODE_NUMBER } from '@trpc/server';",
    "import type { appRouter } from '../src/http/router.js';",
    "import type { ProcedureInput } from '../src/trpc/internals.js';",
    // Binary inputs (an upload's) keep their global names, which clients have too.
    'type Expand<T> = T extends Blob | FormData | Uint8Array',
    '  ? T',
    '  : T extends readonly unknown[]',
    '  ? { [K in keyof T]: Expand<T[K]> }',
    '  : T extends object ? (T extends infer O ? { [K in keyof O]: Expand<O[K]> } : never) : T;',
    // The numeric code is a union tRPC names, imported by the generated file as it is.
    'export type errorShape = Expand<Omit<inferRouterError<typeof appRouter>, "code">> & { code: TRPC_ERROR_CODE_NUMBER };',
  ];
  for (const [path, type] of procedures) {
    const procedure = `(typeof appRouter)${path
      .split('.')
      .map((key) => `["${key}"]`)
      .join('')}`;
    lines.push(`export type ${alias(path, 'input')} = Expand<ProcedureInput<${procedure}>>;`);
    lines.push(
      type === 'subscription'
        ? `export type ${alias(path, 'output')} = Expand<inferSubscriptionOutput<${procedure}>>;`
        : `export type ${alias(path, 'output')} = Expand<inferProcedureOutput<${procedure}>>;`,
    );
  }
  return lines.join('\n');
}

export async function renderRouterTypes(): Promise<string> {
  const procedures = Object.entries(proceduresOf(appRouter)).map(
    ([path, procedure]) => [path, procedureDefOf(procedure).type as keyof typeof KIND] as [string, keyof typeof KIND],
  );
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const source = probeSource(procedures);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => (resolve(file) === PROBE ? source : readFile(file));
  host.fileExists = (file) => resolve(file) === PROBE || fileExists(file);
  const program = ts.createProgram([PROBE], { ...config.options, noEmit: true }, host);
  const probe = program.getSourceFile(PROBE)!;
  const errors = ts.getPreEmitDiagnostics(program, probe);
  if (errors.length) throw new Error(ts.formatDiagnostics(errors, host));
  const checker = program.getTypeChecker();
  const flags = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias;
  const printed = new Map<string, string>();
  for (const statement of probe.statements) {
    if (!ts.isTypeAliasDeclaration(statement) || !statement.modifiers?.length) continue;
    const text = checker.typeToString(checker.getTypeAtLocation(statement.name), statement, flags);
    if (/\b(import\(|Expand<|Types<)/.test(text)) throw new Error(`${statement.name.text} is not written out: ${text}`);
    printed.set(statement.name.text, text);
  }

  // The procedures as nested records, as tRPC's own router type has them.
  type Tree = { [key: string]: Tree | string };
  const tree: Tree = {};
  for (const [path, type] of procedures) {
    const keys = path.split('.');
    let node = tree;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Tree;
    const input = printed.get(alias(path, 'input'))!;
    const output = printed.get(alias(path, 'output'))!;
    node[keys.at(-1)!] =
      type === 'subscription'
        ? `${KIND[type]}<{ input: ${input}; output: AsyncIterable<${output}, void, unknown>; meta: object }>`
        : `${KIND[type]}<{ input: ${input}; output: ${output}; meta: object }>`;
  }
  const write = (node: Tree): string =>
    `{ ${Object.entries(node)
      .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : write(value)};`)
      .join(' ')} }`;
  const text = [
    '// Generated from src/http/router.ts by `npm run client:generate`. Do not edit.',
    '',
    'import type {',
    '  TRPC_ERROR_CODE_NUMBER,',
    '  TRPCBuiltRouter,',
    '  TRPCMutationProcedure,',
    '  TRPCQueryProcedure,',
    '  TRPCSubscriptionProcedure,',
    "} from '@trpc/server';",
    '',
    '/** The router as clients see it: what each procedure takes and answers, and the error shape. */',
    'export type AppRouter = TRPCBuiltRouter<',
    `  { ctx: object; meta: object; errorShape: ${printed.get('errorShape')}; transformer: false },`,
    `  ${write(tree)}`,
    '>;',
    '',
  ].join('\n');
  const options = await prettier.resolveConfig(fileURLToPath(ROUTER_TYPES_FILE));
  return prettier.format(text, { ...options, filepath: fileURLToPath(ROUTER_TYPES_FILE) });
}
