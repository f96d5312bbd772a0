import { createOutbox, createUnitOfWork, prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { PicksScoringConfig } from './config.js';
import { onGamesChanged, onGameVoided, onWeekStateChanged, recalculateIfScored } from './domain/calculate.js';
import type { PicksContext } from './domain/context.js';
import { consumeEvents } from './events/consumers.js';
import { registerLiveRoutes } from './routes/live.routes.js';
import { registerPicksRoutes } from './routes/picks.routes.js';
import { registerScoreRoutes } from './routes/scores.routes.js';
import { createPicksStore } from './store/picks-scoring.store.js';

export const SERVICE_NAME = 'picks-scoring';
export const SCHEMA = 'picks';

export interface PicksScoringDeps extends ServiceRuntime {
  config: PicksScoringConfig;
  /** Defaults to the wall clock; tests move it to pass deadlines. */
  now?: () => Date;
}

/**
 * picks-scoring: picks, scoring, leaderboards, the live leaderboard, exports and commissioner
 * overrides, over its own view of users, pools, sports data and published weeks (from events).
 * Owns the Postgres schema `picks`. Never listens (server.ts does).
 */
export async function buildApp(deps: PicksScoringDeps): Promise<ServiceApp> {
  const { database, bus, logger } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const ctx: PicksContext = {
    uow: createUnitOfWork({ database, outbox, store: createPicksStore }),
    logger,
    now: deps.now ?? (() => new Date()),
    recalculateIfScored,
  };

  registerPicksRoutes(app, ctx);
  registerLiveRoutes(app, ctx);
  registerScoreRoutes(app, ctx);

  // Scores follow the games, void rulings and completed weeks (domain/calculate.ts).
  const subscriptions = await consumeEvents(bus, ctx, logger, { onGamesChanged, onGameVoided, onWeekStateChanged });
  outbox.start();
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    await outbox.stop();
  });
  return app;
}
