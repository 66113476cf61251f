import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocumentOf } from '../../src/http/openapi.js';
import { appRouter } from '../../src/http/router.js';

/**
 * The README's "API at a glance" is the one table of the API, and /openapi.json the whole truth:
 * every operation of the document has a row, and every row names only what the service serves.
 */
const document = openApiDocumentOf(appRouter) as unknown as { paths: Record<string, Record<string, unknown>> };

/** Served outside the document: the health checks, the document itself and its page. */
const OUTSIDE_THE_DOCUMENT: Record<string, string[]> = {
  '/healthz': ['GET'],
  '/readyz': ['GET'],
  '/openapi.json': ['GET'],
  '/docs': ['GET'],
};

const served = new Map<string, string[]>(
  Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item).map((m) => m.toUpperCase())]),
);
for (const [path, methods] of Object.entries(OUTSIDE_THE_DOCUMENT)) served.set(path, methods);

/** The table's rows: the methods of the first column, the paths (query strings dropped) of the second. */
function tableRows(): { methods: string[]; paths: string[]; line: string }[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(
    readme.indexOf('## API at a glance'),
    readme.indexOf('\n## ', readme.indexOf('## API at a glance') + 1),
  );
  return section
    .split('\n')
    .filter((line) => /^\| [A-Z]/.test(line) && !line.startsWith('| Method'))
    .map((line) => {
      const [, methods, paths] = line.split('|');
      return {
        methods: methods!.split('/').map((method) => method.trim()),
        paths: [...paths!.matchAll(/`(\/[^`?]*)/g)].map((match) => match[1]!),
        line: line.replace(/\s+/g, ' ').slice(0, 80),
      };
    });
}

describe("the README's API table", () => {
  const rows = tableRows();

  it('has a row for every operation of /openapi.json', () => {
    expect(rows.length).toBeGreaterThan(10);
    const missing = [...served].flatMap(([path, methods]) =>
      methods
        .filter((method) => !rows.some((row) => row.paths.includes(path) && row.methods.includes(method)))
        .map((method) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('names only paths the service serves, each row with methods one of its paths serves', () => {
    const wrong = rows.flatMap(({ methods, paths, line }) => [
      ...paths.filter((path) => !served.has(path)).map((path) => `${path}: not served (${line})`),
      ...methods
        .filter((method) => !paths.some((path) => served.get(path)?.includes(method)))
        .map((method) => `${method}: none of the row's paths (${line})`),
    ]);
    expect(wrong).toEqual([]);
  });
});
