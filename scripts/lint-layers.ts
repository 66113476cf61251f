/**
 * `npm run lint`'s layer check: dependency-cruiser with .dependency-cruiser.cjs over src/ (layers,
 * the domain order, no module cycle), then no cycle between folders of src/: a folder whose
 * modules import another's, which imports back, is one module cut in two. An import of an entity
 * (`*.entity.ts`, the database's schema kept beside its domain) does not count.
 * Called through dependency-cruiser's API rather than its CLI, whose start-up check refuses Node 20
 * (the service's own minimum) although the cruise itself runs on it.
 */
import { createRequire } from 'node:module';
import { cruise, format, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';

const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
  options: ICruiseOptions;
};
const { output } = await cruise(['src', 'mikro-orm.config.ts'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
});
const result = output as ICruiseResult;
const report = await format(result, { outputType: 'err' });
process.stdout.write(typeof report.output === 'string' ? report.output : JSON.stringify(report.output));
process.exitCode = report.exitCode;

/** src/<folder>/… → folder; anything else (the root's mikro-orm.config.ts) is db's. */
const folderOf = (path: string) => /^src\/([^/]+)\//.exec(path)?.[1] ?? (path.startsWith('src/') ? '' : 'db');

/** Folder → folder it imports → one import that shows it. */
const edges = new Map<string, Map<string, string>>();
for (const module of result.modules) {
  const from = folderOf(module.source);
  for (const dependency of module.dependencies) {
    const to = folderOf(dependency.resolved);
    if (!dependency.resolved.startsWith('src/') || to === from || /[.]entity[.]ts$/.test(dependency.resolved)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${module.source} → ${dependency.resolved}`);
  }
}

/** Each cycle once: a path back to its start through folders after it in name order. */
const cycles: string[][] = [];
const folders = [...edges.keys()].sort();
for (const start of folders) {
  const walk = (path: string[]) => {
    for (const next of edges.get(path.at(-1)!)?.keys() ?? []) {
      if (next === start) cycles.push([...path, start]);
      else if (next > start && !path.includes(next)) walk([...path, next]);
    }
  };
  walk([start]);
}
for (const cycle of cycles) {
  const steps = cycle.slice(1).map((to, i) => `    ${edges.get(cycle[i]!)!.get(to)}`);
  process.stdout.write(
    `\n  error folder-cycle: ${cycle.join(' → ')}: move what they share into a layer below them\n${steps.join('\n')}\n`,
  );
}
if (cycles.length > 0) {
  process.stdout.write(`\n✘ ${cycles.length} folder cycle(s)\n`);
  process.exitCode = 1;
}
