// ESLint for the whole repository (`make lint`). Type-aware: the TypeScript rules read the same
// tsconfig files as `npm run typecheck`, so a rule sees the types tsc sees.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The architecture's import rules (docs/architecture.md#inside-a-service), as ESLint reports them in
// the editor. Each rule is a list of forbidden specifiers (regular expressions over the text after
// `from` or inside `import(...)`) with the message that cites it. A file gets one
// `no-restricted-imports` and one `no-restricted-syntax` setting, the last block that matches it
// (flat config replaces a rule's options, it does not merge them): so every block below lists ALL
// the rules of its folder, and the more specific folders come after the general ones.

// Read from the tree, so a new service or feature gets the rules without an edit here.
const folders = (dir) =>
  readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const SERVICES = folders('services');
const WEB_FEATURES = folders('web/src/features');
const DOC = 'docs/architecture.md#inside-a-service';

/** A rule: the specifiers it forbids and its message. */
const rule = (message, ...regexes) => ({ message: `${message}: ${DOC}`, regexes });
/** A relative specifier that walks up, then into a folder named one of `names` (another service, the gateway...). */
const upInto = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
/** A relative specifier into a sibling folder of the layout (`../store/picks.js`, `./ports/weeks.js`). */
const into = (names) => `^\\.\\.?/(.+/)?(${names.join('|')})/`;

const apps = rule(
  'a service never imports the gateway, the web app or deploy/',
  '^@powerpool/(gateway|web|embedded)(/|$)',
  upInto(['gateway', 'web', 'deploy']),
);
const otherServices = (self) => {
  const others = SERVICES.filter((s) => s !== self);
  return rule('a service never imports another service (it sends a request or follows an event)', `^@powerpool/(${others.join('|')})(/|$)`, upInto(others));
};
const sqlOnlyInStore = rule('SQL and the ORM (pg, drizzle-orm, PGlite) stay in store/', '^(pg|@electric-sql/pglite)$', '^drizzle-orm(/|$)');
const noDevTools = rule(
  'dev and test tools (dev/, the ESPN replay) stay out of a service src/',
  upInto(['dev']),
  '^@powerpool/sports-data-staging/replay(/|$)',
);
const routesThin = rule('routes/ are thin: they call domain/, never store/', into(['store']));
const domainNoServing = rule('domain/ never imports serving/ (caches, ETags, streams)', into(['serving']));
const domainNoPorts = rule('domain/ never imports ports/ (it declares the interface, app.ts passes the adapter)', into(['ports']));
const noInbound = rule('domain/, store/ and ports/ never import the inbound adapters events/ and routes/', into(['events', 'routes']));
const libsNoApps = rule(
  'libs never import a service, the gateway, the web app or deploy/',
  `^@powerpool/(${[...SERVICES, 'gateway', 'web', 'embedded'].join('|')})(/|$)`,
  upInto(['services', 'gateway', 'web', 'deploy']),
);
const contractsZodOnly = rule('libs/contracts depends on zod only', '^(?!\\.|zod$|vitest(/|$))', '^\\.\\./\\.\\./');
const gatewayNoServices = rule(
  'the gateway never imports service code (it routes the declared endpoints)',
  `^@powerpool/(${SERVICES.join('|')})(/|$)`,
  upInto(['services']),
);
const webNoServer = rule(
  'the web app never imports server packages',
  '^@powerpool/(service-kit|testing|dev-idp|gateway|identity|embedded)(/|$)',
  '^(pg|fastify|drizzle-orm)(/|$)',
  '^@nats-io/',
);
const otherFeatures = (self) => {
  const others = WEB_FEATURES.filter((f) => f !== self);
  return rule(
    'a web feature never imports another feature or the app layer (app/ composes them)',
    `^@/(features/(${others.join('|')})|app)(/|$)`,
    upInto([...others.map((f) => `(features/)?${f}`), 'app']),
  );
};
// Not imports: the SPA calls the API and builds query keys only in features/<f>/api and lib/
// (one file per call, docs/architecture.md#inside-a-service, "Web API files").
const API_ONLY = `the API is called and query keys are built only in web/src/features/<f>/api and web/src/lib: ${DOC}`;
const apiOnlyInApiFiles = [
  { selector: ":matches(Property, TSPropertySignature) > Identifier.key[name='queryKey']", message: API_ONLY },
  { selector: 'Literal[value=/^\\u002Fapi\\u002F/]', message: API_ONLY },
  { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\u002Fapi\\u002F/]', message: API_ONLY },
  { selector: 'CallExpression[callee.name=/^(apiKey|apiPrefix|callApi|apiResponse|apiRequest|endpointUrl)$/]', message: API_ONLY },
];
// The SPA calls by route (web/src/lib/api-routes.gen.ts, docs/screens.md#data-loading): the
// contracts' endpoint declarations come in as types only, never with their schemas and zod.
const callsByRoute = [
  {
    selector:
      "ImportDeclaration[importKind='value'][source.value='@powerpool/contracts'] > ImportSpecifier[importKind='value'][imported.name=/Endpoints$|^ENDPOINTS$/]",
    message: 'the SPA calls an endpoint by its route (@/lib/api-routes.gen), importing the declaration as a type only: docs/screens.md#data-loading',
  },
];

/**
 * One flat-config block: `files` get exactly `rules` (static imports and exports through
 * `no-restricted-imports`, dynamic `import('...')` through `no-restricted-syntax`) and `syntax`.
 */
function layer(files, rules, { ignores = [], syntax = [] } = {}) {
  const dynamic = rules.flatMap((r) =>
    // esquery's /regex/ cannot hold a slash: \u002F is one.
    r.regexes.map((regex) => ({ selector: `ImportExpression > Literal.source[value=/${regex.replaceAll('/', '\\u002F')}/]`, message: r.message })),
  );
  return {
    files,
    ignores,
    rules: {
      'no-restricted-imports': ['error', { patterns: rules.flatMap((r) => r.regexes.map((regex) => ({ regex, message: r.message }))) }],
      'no-restricted-syntax': ['error', ...dynamic, ...syntax],
    },
  };
}

const ts = '**/*.{ts,tsx}';
const architecture = [
  ...SERVICES.flatMap((s) => {
    const base = [otherServices(s), apps];
    const src = [...base, sqlOnlyInStore, noDevTools];
    const dir = `services/${s}`;
    return [
      layer([`${dir}/${ts}`], base),
      layer([`${dir}/src/${ts}`], src),
      layer([`${dir}/src/routes/${ts}`], [...src, routesThin]),
      layer([`${dir}/src/domain/${ts}`], [...src, domainNoServing, domainNoPorts, noInbound]),
      layer([`${dir}/src/ports/${ts}`], [...src, noInbound]),
      layer([`${dir}/src/store/${ts}`], [...base, noDevTools, noInbound]),
    ];
  }),
  layer([`libs/${ts}`], [libsNoApps]),
  layer([`libs/contracts/src/${ts}`], [libsNoApps, contractsZodOnly]),
  layer([`gateway/${ts}`], [gatewayNoServices]),
  layer([`web/src/${ts}`], [webNoServer], { syntax: [...apiOnlyInApiFiles, ...callsByRoute] }),
  // The API files themselves, then the web unit tests (they start servers that answer /api/...,
  // and check the contracts' declarations).
  layer(['web/src/features/*/api/**', 'web/src/lib/**'], [webNoServer], { syntax: callsByRoute }),
  layer(['web/src/**/*.test.ts'], [webNoServer]),
  ...WEB_FEATURES.map((f) =>
    layer([`web/src/features/${f}/${ts}`], [webNoServer, otherFeatures(f)], {
      ignores: [`web/src/features/${f}/api/**`, `web/src/**/*.test.ts`],
      syntax: [...apiOnlyInApiFiles, ...callsByRoute],
    }),
  ),
  ...WEB_FEATURES.map((f) =>
    layer([`web/src/features/${f}/api/**`], [webNoServer, otherFeatures(f)], { ignores: [`web/src/**/*.test.ts`], syntax: callsByRoute }),
  ),
  ...WEB_FEATURES.map((f) => layer([`web/src/features/${f}/**/*.test.ts`], [webNoServer, otherFeatures(f)])),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '.data/', 'coverage/', 'test-results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        // Each file gets the program of its nearest tsconfig.json; the root one covers everything
        // outside web/src (web/src has its own block below).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      // Promises: a forgotten await or a promise handed to a callback that ignores it.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // The code marks type-only imports (verbatimModuleSyntax needs it); the fixer keeps it so.
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      // Off: an async function with no await is the deliberate way this code implements an
      // interface that returns a promise (stores, fakes, bus handlers); the rule would flag them all.
      '@typescript-eslint/require-await': 'off',
      // A `let` read by a closure before its one assignment (a timer cleared by a callback set up
      // first) cannot be a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // The cluster tests' LogTail is made to be printed: its toString() is the log tail.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allow: [
            { from: 'lib', name: ['Error', 'URL', 'URLSearchParams'] },
            { from: 'file', name: 'LogTail', path: 'deploy/cluster/test/helpers.ts' },
          ],
        },
      ],
      // `_name` marks a parameter or binding kept on purpose (a handler's signature, a rest sibling).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
    },
  },
  {
    // Tests, their helpers (libs/testing), benchmarks and dev tools read untyped JSON on purpose
    // (`res.json()` of an inject reply, recorded ESPN payloads) and poke at it: the `any` rules
    // stay on for the code that ships.
    files: ['**/test/**', '**/e2e/**', '**/*.test.{ts,tsx}', 'libs/testing/src/**', 'bench/**', 'services/*/dev/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The SPA: browser globals, React's hook rules. Its unit tests (Node) are in tsconfig.test.json.
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: {
        projectService: false,
        project: './web/tsconfig.test.json',
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Import cycles: a module that reaches itself through its imports (the TypeScript resolver
    // follows the `.js` specifiers to their `.ts` files and the workspace packages to their src).
    // The shipped code only: over every file (tests too) the rule cost about a quarter more lint
    // time; over src/ about half that.
    files: ['{services/*,libs/*,gateway,web}/src/**/*.{ts,tsx}', 'deploy/embedded/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Follow .ts and .tsx files too (the default is JavaScript only), parsed without types.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // More than three parameters means one named options object: docs/architecture.md#inside-a-service.
    files: ['{services/*,libs/*,gateway}/src/**/*.ts', 'deploy/embedded/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-params': ['error', { max: 3 }],
    },
  },
  ...architecture,
  {
    // A plain script the HTML loads before the bundle (no module, no types).
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // The service worker's template (web/build/service-worker.ts writes BUILD, PRECACHE and the push
    // handlers' functions from web/src/lib/push-notification.ts above it).
    files: ['web/build/sw-template.js'],
    languageOptions: {
      globals: { ...globals.serviceworker, BUILD: 'readonly', PRECACHE: 'readonly', notificationFromPush: 'readonly', notificationTarget: 'readonly' },
      sourceType: 'script',
    },
  },
);
