import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { spaAlias } from './web/build/alias';
import LongFilesFirst from './libs/testing/src/sequencer';

/**
 * Test tiers (see README):
 * - unit: `*.test.ts` beside the code in src/ (and a service's dev/ tools), fakes allowed.
 * - integration: `test/` folders, real Postgres + NATS; run twice, on Postgres and on PGlite.
 * - e2e: Chromium (and plain HTTP) against embedded mode through the real sign-in.
 */
/**
 * Test files that run side by side, of every project (docs/development.md#test-projects): one more
 * than the cores. A browser or cluster file spends most of its time waiting (on a deadline, a
 * restart, a page), using about a third of a core; an integration file waits on PostgreSQL, NATS
 * or a timer. Vitest's default, one less than the cores, ran a single file at a time on CI's two
 * cores. One value for every project: Vitest runs projects side by side only when they agree on it.
 */
const SIDE_BY_SIDE = availableParallelism() + 1;

/**
 * The integration projects run the tests of each file in a random order (libs/testing's runner:
 * Vitest 4.1 ignores a project's own `sequence.shuffle`), from one seed per run, printed at the
 * end; `--sequence.seed=N` replays an order (docs/development.md#test-projects).
 */
const SHUFFLED_TESTS = './libs/testing/src/shuffled-tests-runner.ts';

export default defineConfig({
  test: {
    // The default output, then what each project and the slowest files cost (libs/testing/src/timing-reporter.ts).
    reporters: ['default', './libs/testing/src/timing-reporter.ts'],
    // The long files (cluster, browser) first, alternating, then the rest (libs/testing/src/sequencer.ts);
    // the seed of the integration projects' shuffled order (SHUFFLED_TESTS), one per run.
    sequence: { sequencer: LongFilesFirst, seed: Math.floor(Math.random() * 100_000) },
    projects: [
      {
        // Each project resolves the SPA's @/ imports (the SPA's unit tests, the e2e support).
        resolve: { alias: [spaAlias] },
        test: {
          name: 'unit',
          maxWorkers: SIDE_BY_SIDE,
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
        resolve: { alias: [spaAlias] },
        test: {
          name: 'integration-postgres',
          maxWorkers: SIDE_BY_SIDE,
          runner: SHUFFLED_TESTS,
          include: ['libs/*/test/**/*.test.ts', 'services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: [spaAlias] },
        test: {
          name: 'integration-pglite',
          maxWorkers: SIDE_BY_SIDE,
          globalSetup: ['libs/testing/src/global-setup.ts'],
          runner: SHUFFLED_TESTS,
          include: ['services/*/test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias: [spaAlias] },
        test: {
          name: 'e2e',
          // web/e2e: Chromium; deploy/embedded/test: real HTTP through embedded mode's gateway and dev IdP.
          include: ['web/e2e/**/*.test.ts', 'deploy/embedded/test/**/*.test.ts'],
          maxWorkers: SIDE_BY_SIDE,
          globalSetup: ['web/e2e/support/global-setup.ts'],
          // A browser story of a minute alone takes longer beside two other long files: a
          // timeout is a hang's limit here, not a speed check (speed is measured in bench/).
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: [spaAlias] },
        test: {
          name: 'cluster',
          include: ['deploy/cluster/test/**/*.test.ts'],
          maxWorkers: SIDE_BY_SIDE,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
