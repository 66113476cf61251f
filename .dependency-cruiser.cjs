/**
 * The layers of src/, bottom to top, and the direction imports may go (docs/architecture.md):
 *   platform → db → trpc → viewer → domains (auth → posts → users → notifications → events → live) → http → app
 * A module imports its own layer or one below it, never one above, and a domain only the domains
 * before it in that order; no module imports itself round a circle, and no folder does
 * (scripts/lint-layers.ts checks that). Run by `npm run lint`. tests/, scripts/ and bench/ use
 * whatever they need and are not checked.
 */
const DOMAIN_ORDER = ['auth', 'media', 'posts', 'users', 'notifications', 'events', 'live'];
const DOMAINS = `^src/(${DOMAIN_ORDER.join('|')})/`;
const layer = {
  platform: '^src/platform/',
  db: ['^src/db/', '^mikro-orm[.]config[.]ts$'],
  trpc: '^src/trpc/',
  viewer: '^src/viewer/',
  domains: DOMAINS,
  http: '^src/http/',
  app: '^src/app/',
};
// An entity module is the database's schema kept beside its domain: the ORM set-up in src/db lists them.
const ENTITY = `${DOMAINS}[^/]+[.]entity[.]ts$`;

const above = (name, paths, pathNot) => ({
  name,
  severity: 'error',
  comment: `${name}: a module imports only its own layer or those below it (docs/architecture.md)`,
  from: { path: layer[name.split('-')[0]] },
  to: { path: paths, ...(pathNot ? { pathNot } : {}) },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'no-circular: modules that import each other round a circle; break it by moving the shared part down a layer',
      from: {},
      to: { circular: true },
    },
    above('platform-imports-nothing-above', [layer.trpc, ...layer.db, layer.viewer, DOMAINS, layer.http, layer.app]),
    above(
      'db-imports-no-trpc-viewer-domain-http-app',
      [layer.trpc, layer.viewer, DOMAINS, layer.http, layer.app],
      ENTITY,
    ),
    above('trpc-imports-no-viewer-domain-http-app', [layer.viewer, DOMAINS, layer.http, layer.app]),
    above('viewer-imports-no-domain-http-app', [DOMAINS, layer.http, layer.app], ENTITY),
    above('domains-import-no-http-app', [layer.http, layer.app]),
    above('http-imports-no-app', [layer.app]),
    // A domain imports the domains before it in DOMAIN_ORDER (and any domain's entities).
    ...DOMAIN_ORDER.slice(0, -1).map((domain, i) => ({
      name: `domain-order-${domain}`,
      severity: 'error',
      comment: `domain-order-${domain}: a domain imports only those before it (${DOMAIN_ORDER.join(' → ')}); move what both need into src/viewer/`,
      from: { path: `^src/${domain}/` },
      to: { path: `^src/(${DOMAIN_ORDER.slice(i + 1).join('|')})/`, pathNot: ENTITY },
    })),
    {
      name: 'entities-import-only-entities',
      severity: 'error',
      comment: 'entities-import-only-entities: src/db lists the entities, so an entity imports nothing else of ours',
      from: { path: ENTITY },
      to: { path: '^src/', pathNot: ENTITY },
    },
    {
      name: 'src-in-a-layer',
      severity: 'error',
      comment: 'src-in-a-layer: every module of src/ sits in a layer folder or a domain folder',
      from: { path: '^src/[^/]+$' },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
