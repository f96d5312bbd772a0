import { VitestTestRunner } from 'vitest/runners';

type Config = ConstructorParameters<typeof VitestTestRunner>[0];

/**
 * The integration projects' test runner: Vitest's own, with the tests of every file (and the suites
 * in it) run in a random order, so a test that relies on what another left behind fails
 * (docs/development.md#test-projects). The seed is the run's (`sequence.seed` in vitest.config.ts,
 * or `--sequence.seed=N` to replay an order). In the config this would be the project's
 * `sequence: { shuffle: { tests: true } }`, but Vitest 4.1 hands every project's tests the root
 * config's `sequence`, dropping a project's own.
 * @public Vitest loads it by its path (vitest.config.ts, SHUFFLED_TESTS).
 */
export default class ShuffledTestsRunner extends VitestTestRunner {
  constructor(config: Config) {
    super({ ...config, sequence: { ...config.sequence, shuffle: true } });
  }
}
