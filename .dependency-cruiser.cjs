/**
 * Import rules of the repository, checked by `npm run lint:deps` (part of `npm test`). Each rule
 * keeps one direction of the code readable on its own: no module needs its importers to make sense.
 * tools/import-rules.test.ts proves each rule fails on a crafted bad import.
 */

/** The workspace packages. */
const PACKAGES = '(shared|lambdas|web|infra)';

/**
 * Features that use parts of other features, and why. Every other feature stands alone. A part two
 * features use alike belongs in components/, lib/ or content/; these are the deliberate crossings.
 */
const FEATURE_USES = {
  // Block pages are composed of the other features' sections (hero carousel, gallery, enquiry
  // form, office map, blog teaser) and show marketing's not-found page where no page is published;
  // pages is the only feature that composes pages of them.
  pages: ['home', 'portfolio', 'enquiry', 'contact', 'blog', 'marketing'],
  // The home page's teasers show posts and portfolio items with those features' own parts.
  home: ['blog', 'portfolio'],
  // The post preview renders the article as the blog does; the editor links to a post's address;
  // the page editor's preview renders a page with the public block renderer.
  admin: ['blog', 'pages'],
};
const either = (names) => names.join('|');

/**
 * The rules keeping the folders below `root` apart: one for the folders `uses` does not list (they
 * use no other), one per listed folder (it uses only those named). `alsoAllowed` is a folder
 * pattern every one of them may use (test helpers).
 */
function apart({ name, root, uses, table, kind, comment, alsoAllowed }) {
  const allowed = (own) => `^${root}(${own}/${alsoAllowed ? `|${alsoAllowed}` : ''})`;
  return [
    {
      name,
      severity: 'error',
      comment,
      from: { path: `^${root}(?!(?:${either(Object.keys(uses))})/)([^/]+)/` },
      to: { path: `^${root}`, pathNot: allowed('$1') },
    },
    ...Object.entries(uses).map(([folder, used]) => ({
      name,
      severity: 'error',
      comment: `${folder} uses only ${used.join(', ')} of the other ${kind}s (${table}).`,
      from: { path: `^${root}${folder}/` },
      to: { path: `^${root}`, pathNot: allowed(`(?:${either([folder, ...used])})`) },
    })),
  ];
}

/**
 * API modules (lambdas/src/modules/<module>/) that use parts of other modules, and why. A module
 * not listed here uses none; a crossing goes to the other module's domain (its ports and rules), its
 * adapters (the store of what that module owns) or its composition root (deps.ts), never to its
 * handlers, jobs or workers.
 */
const MODULE_USES = {
  // The sign-in limit reuses the enquiry challenge's key to sign its captcha answers.
  accounts: ['captcha'],
  // Alarm notices go to the lead webhook's channel, signed as lead calls are.
  alarms: ['lead-delivery'],
  // Conversions and the 12-hour promise are read from the leads themselves (their facts, no hash).
  analytics: ['leads'],
  // The dashboard counts leads and post views; the backfill reads every lead and post once.
  dashboard: ['leads', 'posts'],
  // Delivery marks the lead it sent (its items and id), read through the leads' ports.
  'lead-delivery': ['leads'],
  // An enquiry passes the challenge, is counted on the dashboard and is handed to delivery.
  leads: ['captcha', 'dashboard', 'lead-delivery'],
  // An image's uses are found in posts (banners, bodies) and pages (blocks, settings).
  media: ['pages', 'posts'],
  // The 404 log lives in the redirects table, next to the addresses it suggests.
  'not-found': ['redirects'],
  // Pages show posts and library images, publish through the edge's redirect store, name editors.
  pages: ['accounts', 'media', 'posts', 'redirects'],
  // Posts use library images, invalidate pages, claim addresses, count views and name authors.
  // A post view counts once per visitor a day, by analytics' daily visitor hash.
  posts: ['accounts', 'analytics', 'dashboard', 'leads', 'media', 'pages', 'redirects', 'taxonomy'],
  // Presence names who else is editing.
  presence: ['accounts'],
  // A redirect may not take a live address (of a post or a page); a new one clears its 404s.
  redirects: ['not-found', 'pages', 'posts'],
  // Renaming a category or author invalidates the pages showing it.
  taxonomy: ['pages', 'posts'],
};

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules never import each other, not even for types: move what both need to a leaf ' +
        'module, or let the lower one take a plain interface instead of its importer’s type. ' +
        'One exception: the islands registry imports each island lazily (import()), and a page ' +
        'that declares an island reads the registry; a cycle through it is that late binding.',
      from: { pathNot: '^web/src/islands/registry\\.ts$' },
      to: { circular: true, viaOnly: { pathNot: '^web/src/islands/registry\\.ts$' } },
    },
    {
      name: 'admin-features-apart',
      severity: 'error',
      comment:
        'An admin feature (web/src/features/admin/<feature>/) never imports another; what two ' +
        'share lives in admin/ui/ (components) or admin/shell/ (layout, session).',
      from: { path: '^web/src/features/admin/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '^web/src/features/admin/[^/]+/',
        pathNot: '^web/src/features/admin/($1|ui|shell)/',
      },
    },
    {
      name: 'admin-features-apart',
      severity: 'error',
      comment:
        "A test may render another admin feature's page (what crosses features, such as a shared " +
        'cache entry, is checked where it is seen) but imports nothing else of it.',
      from: { path: '^web/src/features/admin/([^/]+)/.+\\.test\\.tsx?$' },
      to: {
        path: '^web/src/features/admin/[^/]+/',
        pathNot: ['^web/src/features/admin/($1|ui|shell)/', '-page\\.tsx$'],
      },
    },
    ...apart({
      name: 'features-apart',
      root: 'web/src/features/',
      uses: FEATURE_USES,
      table: 'FEATURE_USES',
      kind: 'feature',
      comment:
        'A feature (web/src/features/<feature>/) never reaches into another: what two share ' +
        'belongs in components/, lib/ or content/. Test helpers (<feature>/testing/) serve all tests.',
      alsoAllowed: '[^/]+/testing/',
    }),
    {
      name: 'web-features-below-app',
      severity: 'error',
      comment:
        'Features are composed by the app (app/, server/, entry-server.tsx) and never import it: ' +
        'the page a feature links to comes from the page registry (config/pages.ts).',
      from: { path: '^web/src/features/' },
      to: { path: '^web/src/(app/|server/|entry-server)' },
    },
    {
      name: 'web-shared-layer-below-features',
      severity: 'error',
      comment:
        'components/, lib/, config/ and content/ serve every feature: they import neither ' +
        'features nor the app.',
      from: { path: '^web/src/(components|lib|config|content)/' },
      to: { path: '^web/src/(features/|app/|server/|entry-server)' },
    },
    {
      name: 'platform-below-modules',
      severity: 'error',
      comment:
        'lambdas/src/platform/ (http, env, logs, metrics, AWS clients and tables, the staff gate) ' +
        'serves every module and imports none of them, nor the local stack.',
      from: { path: '^lambdas/src/platform/' },
      to: { path: '^lambdas/src/(modules|local)/' },
    },
    {
      name: 'deployed-code-without-local-stack',
      severity: 'error',
      comment:
        'What ships to Lambda never imports the local stack (lambdas/src/local/); its tests may ' +
        'run against it.',
      from: { path: '^lambdas/src/(modules|platform)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^lambdas/src/local/' },
    },
    {
      name: 'domain-without-adapters',
      severity: 'error',
      comment:
        'Domain code takes its dependencies as arguments (ports): it imports only domain code (its ' +
        "module's, or a module's it uses) and platform's plain parts (errors, body, logger, " +
        'rate-limit, search-form, ports, staff/ports), never adapters, handlers, jobs, workers, a ' +
        'composition root, AWS clients or the staff gate; they import it.',
      from: { path: '^lambdas/src/modules/[^/]+/domain/' },
      to: {
        path: '^lambdas/src/(modules/[^/]+/(?!domain/)|platform/(aws/|staff/(?!ports\\.ts)|http))',
      },
    },
    ...apart({
      name: 'modules-apart',
      root: 'lambdas/src/modules/',
      uses: MODULE_USES,
      table: 'MODULE_USES',
      kind: 'module',
      comment:
        'An API module (lambdas/src/modules/<module>/) uses another only where MODULE_USES says ' +
        'so, and why.',
    }),
    {
      name: 'modules-through-their-surface',
      severity: 'error',
      comment:
        "A module reaches another's domain, adapters or deps.ts, never its handlers, jobs or " +
        'workers (the functions themselves). A test may run another module’s job to see its effect.',
      from: { path: '^lambdas/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^lambdas/src/modules/(?!$1/)[^/]+/(handlers|jobs|workers)/' },
    },
    {
      name: 'packages-through-exports',
      severity: 'error',
      comment:
        'One package reads another only through its package exports (`@agency/shared`, ' +
        '`@agency/lambdas/local-stack` …), never by a relative path into its files.',
      from: { path: `^(shared|lambdas|web|infra|bench)/` },
      to: {
        path: `^${PACKAGES}/`,
        pathNot: '^$1/',
        // A relative path ('local'); `@agency/…` resolves through the package's exports ('aliased').
        // An ambient type reference (`/// <reference path>`) names declarations, not code.
        dependencyTypes: ['local'],
        dependencyTypesNot: ['aliased', 'triple-slash-directive'],
      },
    },
    {
      name: 'packages-through-exports',
      severity: 'error',
      comment:
        'An `@agency/…` import names one of the package.json `exports` of that package; a path ' +
        'the package does not export does not resolve.',
      from: {},
      to: { path: '^@agency/', couldNotResolve: true },
    },
    {
      name: 'web-and-lambdas-apart',
      severity: 'error',
      comment: 'The site and the API share only @agency/shared (ESLint says the same).',
      from: { path: '^(web|lambdas)/' },
      to: { path: '^(web|lambdas)/', pathNot: '^$1/' },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'shared is read by every package and reads none of them.',
      from: { path: '^shared/' },
      to: { path: '^(lambdas|web|infra|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-server|cdk\\.out|node_modules)/' },
    // Type-only imports are edges too: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts', '.d.mts'],
    },
  },
};
