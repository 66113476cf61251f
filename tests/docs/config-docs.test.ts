import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../src/platform/config.js';

/**
 * The configuration as documented: every variable the service reads (src/platform/config.ts) is in
 * .env.example and in the table of docs/operations.md, and neither names one it does not read.
 */
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

/** The variables of the first column of the table under "## Configuration". */
function tableVariables(): string[] {
  const text = readFileSync('docs/operations.md', 'utf8');
  const section = text.slice(
    text.indexOf('## Configuration'),
    text.indexOf('\n## ', text.indexOf('## Configuration') + 1),
  );
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return sorted(rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
}

describe('the documented configuration', () => {
  it('.env.example describes every variable the service reads, and no other', () => {
    const example = readFileSync('.env.example', 'utf8');
    expect(sorted([...example.matchAll(/^#([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!))).toEqual(sorted(ENV_VARIABLES));
  });

  it("docs/operations.md's table lists the same variables as .env.example", () => {
    expect(tableVariables()).toEqual(sorted(ENV_VARIABLES));
  });
});
