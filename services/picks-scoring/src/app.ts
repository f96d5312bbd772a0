import { createOutbox, createUnitOfWork, prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { PicksScoringConfig } from './config.js';
import type { PicksContext } from './domain/context.js';
import { consumeEvents } from './events/consumers.js';
import { registerLiveRoutes } from './routes/live.routes.js';
import { registerPicksRoutes } from './routes/picks.routes.js';
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
    // Replaced by the scoring module's recalculation (domain/calculate.ts) when it lands.
    recalculateIfScored: async () => false,
  };

  registerPicksRoutes(app, ctx);
  registerLiveRoutes(app, ctx);

  const subscriptions = await consumeEvents(bus, ctx, logger);
  outbox.start();
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    await outbox.stop();
  });
  return app;
}
