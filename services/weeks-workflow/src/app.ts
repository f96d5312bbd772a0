import {
  createOutbox,
  createPoolAccessCatchUp,
  createUnitOfWork,
  prepareService,
  setPoolAccessCatchUp,
  type ServiceApp,
  type ServiceRuntime,
} from '@powerpool/service-kit';
import type { WeeksWorkflowConfig } from './config.js';
import type { ScoringPort, SportsPort, WeeksContext } from './domain/context.js';
import { poolCopyOf } from './domain/sync.js';
import { startDueWeeks } from './domain/workflow.js';
import { consumePools } from './events/pools.js';
import { consumeSportsData } from './events/sports-data.js';
import { answerSummaryRequests } from './events/summary.rpc.js';
import { answerWeekRequests } from './events/week.rpc.js';
import { createScoringPort } from './ports/scoring.js';
import { createSportsPort } from './ports/sports.js';
import { registerPoolWeekRoutes } from './routes/pool-weeks.routes.js';
import { registerWeekRoutes } from './routes/weeks.routes.js';
import { createWeeksStore } from './store/weeks.store.js';

export const SERVICE_NAME = 'weeks-workflow';
export const SCHEMA = 'weeks';

export interface WeeksWorkflowDeps extends ServiceRuntime {
  config: WeeksWorkflowConfig;
  /** Defaults to the wall clock; tests move it to pass deadlines. */
  now?: () => Date;
  /** Defaults to sports-data-staging over the bus. */
  sports?: SportsPort;
  /** Defaults to picks-scoring over the bus. */
  scoring?: ScoringPort;
}

/**
 * weeks-workflow: seasons and weeks (from sports-data-staging's events), each pool's state per
 * week, its spreads and published games, the picks deadline and the automatic start of games.
 * Owns the Postgres schema `weeks`. Never listens (server.ts does).
 */
export async function buildApp(deps: WeeksWorkflowDeps): Promise<ServiceApp> {
  const { database, bus, logger, config } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const ctx: WeeksContext = {
    uow: createUnitOfWork({ database, outbox, store: createWeeksStore }),
    logger,
    now: deps.now ?? (() => new Date()),
    sports: deps.sports ?? createSportsPort(bus, config.sportsRefreshTimeoutMs),
    scoring: deps.scoring ?? createScoringPort(bus),
  };

  // A pool refusal made on our lagging copy is checked with pools-invitations first (kit pool-access.ts).
  setPoolAccessCatchUp(app, createPoolAccessCatchUp({ bus, logger, copy: poolCopyOf(ctx) }));
  registerWeekRoutes(app, ctx);
  registerPoolWeekRoutes(app, ctx);

  const subscriptions = [
    await consumeSportsData(bus, ctx, logger),
    await consumePools(bus, ctx, logger),
    await answerSummaryRequests(bus, ctx),
    await answerWeekRequests(bus, ctx),
  ];
  const autoStart = startAutoStart(ctx, config.autoStartIntervalMs);
  outbox.start();
  app.addHook('onClose', async () => {
    await autoStart.stop();
    await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    await outbox.stop();
  });
  return app;
}

/** Every `intervalMs`, start the published weeks whose deadline has passed (one pass at a time). */
function startAutoStart(ctx: WeeksContext, intervalMs: number): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = startDueWeeks(ctx)
      .then((moved) => {
        if (moved) ctx.logger.info({ moved }, 'published weeks past their deadline moved to GAMES_IN_PROGRESS');
      })
      .catch((err: unknown) => ctx.logger.warn({ err }, 'automatic start of games failed; retrying on the next pass'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
