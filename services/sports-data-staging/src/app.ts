import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventSubject } from '@powerpool/contracts';
import { createOutbox, createUnitOfWork, prepareService, type ServiceApp, type ServiceRuntime } from '@powerpool/service-kit';
import type { SportsDataStagingConfig } from './config.js';
import type { SportsContext } from './domain/context.js';
import { createLiveFeed, startLiveFeed, type LiveFeed } from './domain/live-feed.js';
import type { EspnClient } from './domain/espn.js';
import { createEspnClient } from './ports/espn/client.js';
import { sizeTeamLogo } from './ports/logo-image.js';
import { answerRefreshRequests } from './events/refresh.rpc.js';
import { consumeWeeks } from './events/weeks.js';
import { registerLogoRoutes } from './routes/logos.routes.js';
import { registerStagingRoutes } from './routes/staging.routes.js';
import { registerVenueRoutes } from './routes/venues.routes.js';
import { createSportsStore } from './store/sports.store.js';

export const SERVICE_NAME = 'sports-data-staging';
export const SCHEMA = 'sports';

export interface SportsDataStagingDeps extends ServiceRuntime {
  config: SportsDataStagingConfig;
  /** Defaults to the ESPN client on config.espn. */
  espn?: EspnClient;
  now?: () => Date;
}

/**
 * What wakes the live feed (LiveFeedRunner.wake): games pushed to production (this service's own
 * announcement, so every replica hears a push made on any of them) and a week published by a
 * commissioner (weeks-workflow's event; only its subject is used, never weeks-workflow's data).
 * Heard as plain subscriptions, on every replica: a hint whose loss costs at most the idle
 * interval, so nothing is stored or redelivered (a restart runs a pass anyway).
 */
export const LIVE_FEED_WAKE_SUBJECTS = ['sports.games.pushed', 'weeks.week.published'] as const satisfies readonly EventSubject[];

const liveFeeds = new WeakMap<ServiceApp, LiveFeed>();

/** The live feed of an app built by buildApp (tests call its `tick()`; LIVE_FEED=on also runs it on its cadence). */
export function liveFeedOf(app: ServiceApp): LiveFeed {
  const feed = liveFeeds.get(app);
  if (!feed) throw new Error('not an app built by sports-data-staging buildApp');
  return feed;
}

/**
 * sports-data-staging: ESPN import into staging (schedule 1), diffs, validation, Push to Production into the
 * production teams/games/venues it owns, the week refresh requests and the live feed. Owns the Postgres schema
 * `sports`. Never listens (server.ts does).
 */
export async function buildApp(deps: SportsDataStagingDeps): Promise<ServiceApp> {
  const { database, bus, logger, config } = deps;
  const app = await prepareService({ name: SERVICE_NAME, schema: SCHEMA, migrationsDir: new URL('./store/migrations/', import.meta.url), runtime: deps });
  const outbox = createOutbox({ schema: SCHEMA, database, bus, logger });
  const ctx: SportsContext = {
    uow: createUnitOfWork({ database, outbox, store: createSportsStore }),
    espn: deps.espn ?? createEspnClient(config.espn),
    sizeLogo: sizeTeamLogo,
    logger,
    now: deps.now ?? (() => new Date()),
  };

  const liveFeed = createLiveFeed(ctx, { ...config.liveFeed, holder: `${hostname()}:${process.pid}:${randomUUID()}` });
  liveFeeds.set(app, liveFeed);

  registerStagingRoutes(app, ctx);
  registerVenueRoutes(app, ctx);
  registerLogoRoutes(app, ctx);

  const rpc = await answerRefreshRequests(bus, ctx);
  const published = await consumeWeeks(bus, ctx, logger);
  outbox.start();
  const feedRunner = config.liveFeed.enabled ? startLiveFeed(liveFeed, ctx, config.liveFeed) : null;
  const wakes = feedRunner ? await Promise.all(LIVE_FEED_WAKE_SUBJECTS.map((subject) => bus.subscribe(subject, () => feedRunner.wake(subject)))) : [];
  app.addHook('onClose', async () => {
    await Promise.all(wakes.map((s) => s.unsubscribe()));
    await feedRunner?.stop();
    await Promise.all(rpc.map((s) => s.unsubscribe()));
    await published.unsubscribe();
    await outbox.stop();
  });
  return app;
}
