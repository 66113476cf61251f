import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The user-facing documents: README.md, every docs/*.md and the decision records. */
const documents = [
  'README.md',
  ...['docs', 'docs/decisions'].flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${dir}/${name}`),
  ),
];

/** The one document that carries dates: measurements, each with its date and command. */
const MEASUREMENTS = 'docs/performance.md';

const datesIn = (text: string) => text.match(/\b20\d\d-\d\d-\d\d\b/g) ?? [];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    anchors.add(seen === 0 ? base : `${base}-${seen}`);
  }
  return anchors;
}

/** Every [text](target) outside code fences and code spans. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

describe('the documentation', () => {
  it.each(documents)('%s: every relative link resolves, anchors included', (file) => {
    const broken: string[] = [];
    for (const link of linksOf(file)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto:
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) {
        broken.push(`${link}: no ${target}`);
        continue;
      }
      if (anchor && target.endsWith('.md') && statSync(target).isFile() && !anchorsOf(target).has(anchor))
        broken.push(`${link}: no heading #${anchor} in ${target}`);
    }
    expect(broken).toEqual([]);
  });

  it('README.md stays a page for users: at most 300 lines', () => {
    expect(readFileSync('README.md', 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(300);
  });

  // docs/performance.md holds measurements, each dated; every other document says what is true now.
  it.each(documents.filter((file) => file !== MEASUREMENTS))(
    '%s: says what is true now, with no dated history',
    (file) => {
      expect(datesIn(readFileSync(file, 'utf8'))).toEqual([]);
    },
  );

  it(`${MEASUREMENTS}: every measurement is an entry with its date, command and machine`, () => {
    const entries = readFileSync(MEASUREMENTS, 'utf8')
      .split(/^(?=## )/m)
      .slice(1);
    const [how, ...measured] = entries;
    expect(how).toMatch(/^## How it is measured\n/);
    expect(datesIn(how!)).toEqual([]);
    expect(measured.length).toBeGreaterThan(0);
    for (const entry of measured) {
      const heading = entry.slice(0, entry.indexOf('\n'));
      expect(entry, heading).toMatch(/^\*\*Date:\*\* 20\d\d-\d\d-\d\d$/m);
      expect(entry, heading).toMatch(/^\*\*Command:\*\* \S/m);
      expect(entry, heading).toMatch(/^\*\*Machine:\*\* \S/m);
    }
  });

  it('docs/ holds the documents the README points to for depth', () => {
    for (const name of ['architecture', 'operations', 'performance', 'live', 'security'])
      expect(existsSync(resolve('docs', `${name}.md`)), `docs/${name}.md`).toBe(true);
  });
});

describe('the layout the documents describe', () => {
  /** The folders of README.md's "Layout" tree: top-level lines name repository folders, indented ones folders of src/. */
  function layoutFolders(): string[] {
    const section = /^## Layout\n[\s\S]*?```\n([\s\S]*?)```/m.exec(readFileSync('README.md', 'utf8'));
    expect(section, 'README.md has a "Layout" section with a tree').not.toBeNull();
    return section![1]!.split('\n').flatMap((line) => {
      const names = line
        .trim()
        .split(/\s{3,}/)[0]!
        .split(' ');
      const folders = names.filter((name) => /^[\w.-]+(\/[\w.-]+)*\/$/.test(name));
      return folders.map((folder) => (line.startsWith(' ') ? `src/${folder}` : folder));
    });
  }

  it("every folder of README.md's layout exists", () => {
    const folders = layoutFolders();
    expect(folders).toContain('src/trpc/');
    expect(folders.filter((folder) => !existsSync(folder) || !statSync(folder).isDirectory())).toEqual([]);
  });

  it.each(['README.md', 'docs/architecture.md'])('%s: every src/ folder and file it names exists', (file) => {
    // Not dist/src/…; a pattern (`src/<domain>/…`, `src/users/*.sql.ts`) stands for its folder.
    const named = [...readFileSync(file, 'utf8').matchAll(/(?<![\w/.])src\/[\w./-]*[\w/]([*<])?/g)].map(
      ([path, wild]) => (wild ? path.slice(0, path.lastIndexOf('/') + 1) : path),
    );
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named)].filter((path) => !existsSync(path))).toEqual([]);
  });
});
