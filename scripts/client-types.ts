/**
 * Generates packages/client/src/openapi-types.ts from the OpenAPI document with openapi-typescript, and
 * packages/client/src/router-types.ts from the router (router-types.ts).
 *   npm run client:generate     (tests/transport/clients.test.ts fails while openapi-types.ts is stale)
 *   npm run lint:clients        (--check: fails while router-types.ts is stale; part of `npm run lint`)
 * The router's types need the type checker over the whole server: lint's work, not a test's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { openApiDocumentOf } from '../src/http/openapi.js';
import { appRouter } from '../src/http/router.js';
import { renderRouterTypes, ROUTER_TYPES_FILE } from './router-types.js';

export const CLIENT_TYPES_FILE = new URL('../packages/client/src/openapi-types.ts', import.meta.url);

export async function renderClientTypes(): Promise<string> {
  const document = openApiDocumentOf(appRouter);
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as OpenAPI3);
  return `// Generated from /openapi.json by \`npm run client:generate\`. Do not edit.\n\n${astToString(ast)}`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!) && process.argv[2] === '--check') {
  if (readFileSync(ROUTER_TYPES_FILE, 'utf8') !== (await renderRouterTypes())) {
    console.error(`${ROUTER_TYPES_FILE.pathname} does not match the router: run \`npm run client:generate\``);
    process.exitCode = 1;
  }
} else if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  writeFileSync(CLIENT_TYPES_FILE, await renderClientTypes());
  console.log(`wrote ${CLIENT_TYPES_FILE.pathname}`);
  writeFileSync(ROUTER_TYPES_FILE, await renderRouterTypes());
  console.log(`wrote ${ROUTER_TYPES_FILE.pathname}`);
}
