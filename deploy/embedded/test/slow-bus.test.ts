import { describe, it } from 'vitest';
import { expectSlowBusStoryHeld, runSlowBusStory, slowBusMaxDelayMs, slowBusSeeds, pgliteTemplate } from '@powerpool/testing';
import { DEV_PASSWORD } from '@powerpool/dev-idp';
import { startEmbedded } from '../src/index.js';

/**
 * The slow bus in embedded mode (docs/development.md#the-slow-bus): the Wild Card week as fast as the API answers (libs/testing
 * slow-bus-story.ts) while the one in-process bus holds every event for a seeded random delay up
 * to BUS_DELAY_MAX_MS (2000 ms unless the env says). Plain HTTP through the gateway, signed in
 * through the dev IdP. One app per seed (SLOW_BUS_SEEDS, default 3 random ones, in the test
 * names): re-run a failing seed with SLOW_BUS_SEEDS=<seed>.
 */

const MAX_DELAY_MS = slowBusMaxDelayMs();
/** The replayed round, first kickoff to last final, once the story kicks it off. */
const GAME_DAY_MINUTES = 0.25;

describe('the Wild Card week back to back on a slow bus (embedded mode)', () => {
  it.each(slowBusSeeds())('should score and complete it as the rules say with BUS_DELAY_SEED=%i', { timeout: 120_000 }, async (seed) => {
    const label = `embedded seed=${seed} maxDelayMs=${MAX_DELAY_MS}`;
    const app = await startEmbedded({
      port: 0,
      inMemory: true,
      pgliteFrom: await pgliteTemplate(),
      environment: 'test',
      logLevel: 'warn',
      rateLimits: { signInPerMinute: 1000, writesPerMinute: 10_000 },
      // The round a day ahead until the story kicks it off; only Update Scores from ESPN brings its scores in.
      espnReplay: { gameDay: { minutes: GAME_DAY_MINUTES, kickoffInMinutes: 24 * 60 } },
      liveFeed: false,
      slowBus: { maxDelayMs: MAX_DELAY_MS, seed },
    });
    try {
      const result = await runSlowBusStory({ url: app.url, password: DEV_PASSWORD, replay: app.replay!, label });
      expectSlowBusStoryHeld(result, label);
    } finally {
      await app.close();
    }
  });
});
