// The server's module boundaries and the site's feature boundaries, checked in CI
// (`npm run lint:boundaries`). CONTRIBUTING.md says why each rule exists; this file is what holds them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-owns-its-tables',
      comment:
        "A module calls another module's service, never its repository (SQL) or its table types: " +
        'the owner is then free to change how it stores things.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/[^/]+[.](repository|table)[.]ts$',
        pathNot: '^server/src/modules/$1/',
      },
    },
    {
      name: 'tables-are-listed-once',
      comment:
        "A table's type is imported by its own folder (the owner's repository and service) and by " +
        'the Database interface (db/database.ts), which lists every table: nothing else adds or ' +
        'widens tables.',
      severity: 'error',
      from: { path: '^server/src/([^.]+/)', pathNot: '^server/src/db/database[.]ts$' },
      to: { path: '[.]table[.]ts$', pathNot: '^server/src/$1[^/]+[.]table[.]ts$' },
    },
    {
      name: 'shared-imports-no-module',
      comment: 'server/src/shared is below every module: it may not import one.',
      severity: 'error',
      from: { path: '^server/src/shared/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'edge-imports-no-admin-code',
      comment:
        'The redirect edge is the hot path: it reads through services and pure parts, never loads ' +
        "another module's routes, schemas, wiring or the admin API's plugins at run time. This rule " +
        "sees the edge's own imports; .dependency-cruiser.edge.cjs checks everything they load in turn.",
      severity: 'error',
      from: { path: '^server/src/modules/redirect/' },
      to: {
        path: [
          '^server/src/modules/(?!redirect/)[^/]+/[^/]+[.](routes|schemas|module)[.]ts$',
          '^server/src/plugins/(auth|idempotency|openapi)[.]ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-circular-modules',
      comment: 'Dependencies between modules run one way (CONTRIBUTING.md).',
      severity: 'error',
      from: { path: '^server/src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-feature-imports-no-other-feature',
      comment:
        'A feature (web/src/features/<name>) uses shared code (web/src/components, lib, api) and its own ' +
        'files, never another feature: pages compose features, and what two features need is shared.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-imports-no-feature',
      comment: 'web/src/components, lib and api are below every feature: they may not import one.',
      severity: 'error',
      from: { path: '^web/src/(components|lib|api)/' },
      to: { path: '^web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    // The site's `@site/src/...` imports (Docusaurus's alias for web/) resolve as the bundler does.
    webpackConfig: { fileName: '.dependency-cruiser.webpack.cjs' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
