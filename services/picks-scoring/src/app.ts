import { LIVE_STREAM } from '@powerpool/contracts';
import {
  createEventStreamHub,
  createOutbox,
  createPoolAccessCatchUp,
  createUnitOfWork,
  prepareService,
  registerGauge,
  setPoolAccessCatchUp,
  type ServiceApp,
  type ServiceRuntime,
} from '@powerpool/service-kit';
import type { PicksScoringConfig } from './config.js';
import { onGamesChanged, onGameVoided, onWeekStateChanged, recalculateIfScored } from './domain/calculate.js';
import type { PicksContext, WeeksPort } from './domain/context.js';
import { poolCopyOf } from './domain/sync.js';
import { consumeEvents } from './events/consumers.js';
import { answerScoringRequests, answerWeekResultsRequests, answerWeekSavesRequests } from './events/scoring.rpc.js';
import { createWeeksPort } from './ports/weeks.js';
import { registerLiveRoutes } from './routes/live.routes.js';
import { registerPicksRoutes } from './routes/picks.routes.js';
import { registerScoreRoutes } from './routes/scores.routes.js';
import { createGamesStreams } from './serving/games-stream.js';
import { createAnnouncer } from './serving/live-announce.js';
import { createLiveBoards } from './serving/live-replies.js';
import { createLiveStreams, LIVE_STREAM_DEFAULTS } from './serving/live-stream.js';
import { createPicksStore } from './store/picks-scoring.store.js';

export const SERVICE_NAME = 'picks-scoring';
export const SCHEMA = 'picks';

export interface PicksScoringDeps extends ServiceRuntime {
  config: PicksScoringConfig;
  /** Defaults to the wall clock; tests move it to pass deadlines. */
  now?: () => Date;
  /** The live streams' timing (LIVE_STREAM and LIVE_STREAM_DEFAULTS by default; tests shorten them). */
  liveStream?: Partial<{
    heartbeatMs: number;
    maxBufferedBytes: number;
    resumeVersions: number;
    safetyNetMs: number;
    rebuildConcurrency: number;
    changeLogGapMs: number;
  }>;
  /** Defaults to weeks-workflow over the bus. */
  weeks?: WeeksPort;
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
    announce: createAnnouncer(bus, logger),
    weeks: deps.weeks ?? createWeeksPort(bus),
  };

  const timing = { ...LIVE_STREAM, ...LIVE_STREAM_DEFAULTS, ...deps.liveStream };
  const boards = createLiveBoards(deps.config.liveFingerprintGapMs);
  const sse = createEventStreamHub(timing);
  registerGauge(app, { name: 'live_streams_open', help: 'Open server-sent event streams of this process (live leaderboards and games)', read: () => sse.size });
  const streams = createLiveStreams(ctx, { bus, boards, logger, timing });
  registerGauge(app, {
    name: 'live_stream_pool_weeks',
    help: 'Pool weeks with open live leaderboard streams in this process',
    read: () => streams.stats().poolWeeks,
  });
  registerGauge(app, {
    name: 'live_stream_rebuilds',
    help: 'Live leaderboard stream rebuilds that found a new version, since start',
    read: () => streams.stats().rebuilds,
  });
  registerGauge(app, {
    name: 'live_stream_failed_rebuilds',
    help: 'Live leaderboard stream rebuilds that failed (tried again by the safety net), since start',
    read: () => streams.stats().failedRebuilds,
  });
  registerGauge(app, { name: 'live_change_log_reads', help: 'Reads of the live change log, since start', read: () => streams.stats().logReads });
  registerGauge(app, {
    name: 'live_stream_game_frames',
    help: 'Live leaderboard `games` frames sent (one per change of games, for every pool week), since start',
    read: () => streams.stats().gameFrames,
  });
  registerGauge(app, { name: 'event_streams_dropped', help: 'Event streams dropped as too slow a reader, since start', read: () => sse.dropped });
  const games = createGamesStreams(ctx, bus, logger);
  // A pool refusal made on our lagging copy is checked with pools-invitations first (kit pool-access.ts).
  setPoolAccessCatchUp(app, createPoolAccessCatchUp({ bus, logger, copy: poolCopyOf(ctx) }));
  registerPicksRoutes(app, ctx);
  registerLiveRoutes(app, ctx, { boards, sse, streams, games });
  registerScoreRoutes(app, ctx);

  // Scores follow the games, void rulings and completed weeks (domain/calculate.ts).
  const subscriptions = [
    ...(await consumeEvents(bus, ctx, { logger, onGamesChanged, onGameVoided, onWeekStateChanged })),
    await answerScoringRequests(bus, ctx),
    await answerWeekResultsRequests(bus, ctx),
    await answerWeekSavesRequests(bus, ctx),
  ];
  outbox.start();
  await streams.start();
  await games.start();
  // Before the server closes (it waits for open connections): end every stream.
  app.addHook('preClose', async () => {
    sse.close();
    await Promise.all([streams.stop(), games.stop()]);
  });
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((s) => s.unsubscribe()));
    await outbox.stop();
  });
  return app;
}
