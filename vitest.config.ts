import { defineConfig } from 'vitest/config';
import { spaAlias } from './web/build/alias';

/**
 * Test tiers (see README):
 * - unit: `*.test.ts` beside the code in src/ (and a service's dev/ tools), fakes allowed.
 * - integration: `test/` folders, real Postgres + NATS; run twice, on Postgres and on PGlite.
 * - e2e: Chromium (and plain HTTP) against embedded mode through the real sign-in.
 */
export default defineConfig({
  resolve: { alias: [spaAlias] },
  test: {
    // The default output, then what each project and the slowest files cost (libs/testing/src/timing-reporter.ts).
    reporters: ['default', './libs/testing/src/timing-reporter.ts'],
    projects: [
      {
        // The root's `resolve` (the SPA's @/ alias): an inline project does not inherit it otherwise.
        extends: true,
        test: {
          name: 'unit',
          include: [
            'libs/*/src/**/*.test.ts',
            'services/*/src/**/*.test.ts',
            'services/*/dev/**/*.test.ts',
            'gateway/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'deploy/k8s/test/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: ['libs/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: ['services/*/test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // web/e2e: Chromium; deploy/embedded/test: real HTTP through embedded mode's gateway and dev IdP.
          include: ['web/e2e/**/*.test.ts', 'deploy/embedded/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'cluster',
          include: ['deploy/cluster/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
