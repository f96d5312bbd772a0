// ESLint for the whole repository (`make lint`). Type-aware: the TypeScript rules read the same
// tsconfig files as `npm run typecheck`, so a rule sees the types tsc sees.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
