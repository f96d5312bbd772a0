import { afterEach, describe, it } from 'vitest';
import { expectSlowBusStoryHeld, runSlowBusStory, slowBusMaxDelayMs, slowBusSeeds, unavailableReason } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { startTestCluster, type TestCluster } from './helpers.js';

/**
 * The slow bus in cluster mode (docs/development.md#the-slow-bus): the Wild Card week as fast as the API answers (libs/testing
 * slow-bus-story.ts) with every service's NATS bus holding each event for a seeded random delay
 * up to BUS_DELAY_MAX_MS (2000 ms unless the env says), and two picks-scoring replicas sharing
 * the consumers. One cluster per seed (SLOW_BUS_SEEDS, default 3 random ones, in the test
 * names): re-run a failing seed with SLOW_BUS_SEEDS=<seed>. Every process gets the same seed and
 * draws its own delays from it.
 */

const skipReason = (await unavailableReason('postgres')) ?? (await unavailableReason('nats'));

const MAX_DELAY_MS = slowBusMaxDelayMs();
/** The replayed round, first kickoff to last final, once the story kicks it off. */
const GAME_DAY_MINUTES = 0.25;

describe.skipIf(skipReason !== null)('the Wild Card week back to back on a slow bus (cluster mode, two picks-scoring replicas)', () => {
  let test: TestCluster | undefined;

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') console.log(`--- cluster output (tail) ---\n${test?.logs}`);
    await test?.stop();
    test = undefined;
  });

  it.each(slowBusSeeds())('should score and complete it as the rules say with BUS_DELAY_SEED=%i', { timeout: 180_000 }, async (seed) => {
    const label = `cluster seed=${seed} maxDelayMs=${MAX_DELAY_MS}`;
    test = await startTestCluster({
      replicas: { 'picks-scoring': 2 },
      // The round a day ahead until the story kicks it off; only Update Scores from ESPN brings its scores in.
      gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60 },
      env: { LIVE_FEED: 'off', BUS_DELAY_MAX_MS: String(MAX_DELAY_MS), BUS_DELAY_SEED: String(seed), RATE_LIMIT_WRITES_PER_MINUTE: '10000' },
    });
    const result = await runSlowBusStory({ url: test.url, password: DEV_PASSWORD, replay: test.cluster.replay!, label });
    expectSlowBusStoryHeld(result, label);
  });
});
