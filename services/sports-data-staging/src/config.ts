import { z } from 'zod';
import { ConfigError, env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

/** The live cadence when LIVE_FEED_LIVE_INTERVAL_MS is not set: scores on open boards within about 2 s of the provider. */
export const LIVE_FEED_LIVE_INTERVAL_DEFAULT_MS = 2_000;

const SportsDataStagingEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4005),
  ESPN_SITE_API_URL: z.string().url().default('https://site.api.espn.com/apis/site/v2/sports/football/nfl'),
  ESPN_CORE_API_URL: z.string().url().default('https://sports.core.api.espn.com/v2/sports/football/leagues/nfl'),
  ESPN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ESPN_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  ESPN_BACKOFF_MS: z.coerce.number().int().min(0).default(250),
  ESPN_CONCURRENCY: z.coerce.number().int().positive().max(32).default(4),
  /** ESPN's image host: team logo URLs are fetched from here (their path kept), once, at the teams import. */
  ESPN_IMAGE_BASE_URL: z.string().url().default('https://a.espncdn.com'),
  /** One logo fetch's time limit (one attempt, no retry: a logo never holds the import up for long). */
  ESPN_IMAGE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Absent: on outside production, off in production (see `replay` below). */
  ESPN_REPLAY: z.enum(['on', 'off']).optional(),
  /** The live feed (domain/live-feed.ts): on by default; test helpers turn it off unless a test wants it. */
  LIVE_FEED: z.enum(['on', 'off']).default('on'),
  /**
   * While a game some pool has published is being played: scores reach open boards within about
   * this (docs/architecture.md#live-feed). Absent: 2000, or LIVE_FEED_INTERVAL_MS when shorter.
   */
  LIVE_FEED_LIVE_INTERVAL_MS: z.coerce.number().int().min(50).optional(),
  LIVE_FEED_INTERVAL_MS: z.coerce.number().int().min(50).default(10_000),
  LIVE_FEED_IDLE_INTERVAL_MS: z.coerce.number().int().min(50).default(300_000),
  LIVE_FEED_WINDOW_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  /** Game-day mode of the replay (dev/replay/game-day.ts): the 2025 Wild Card round played in accelerated time. */
  ESPN_REPLAY_GAMEDAY: z.enum(['on', 'off']).default('off'),
  ESPN_REPLAY_GAMEDAY_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(10),
  ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES: z.coerce
    .number()
    .min(0)
    .max(7 * 24 * 60)
    .default(15),
  ESPN_REPLAY_SHIFT_DAYS: z
    .union([z.literal('auto'), z.coerce.number().int().min(0).max(3650)], { error: "is 'auto' or a whole number of days (0-3650)" })
    .default('auto'),
});

/** How ESPN is replayed from the bundled recordings: `'auto'` days put the 2025 opener a few days ahead. */
export interface EspnReplaySetting {
  dateShiftDays: number | 'auto';
  /** Game-day mode (ESPN_REPLAY_GAMEDAY=on): the round's length and the first kickoff's distance, in minutes; null when off. */
  gameDay: { minutes: number; kickoffInMinutes: number } | null;
}

export type SportsDataStagingConfig = ReturnType<typeof loadSportsDataStagingConfig>;

/** Parse sports-data-staging's env once at start; throws listing every problem. */
export function loadSportsDataStagingConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('sports-data-staging', SportsDataStagingEnvSchema, source);
  const replayOn = (e.ESPN_REPLAY ?? (e.POWERPOOL_ENV === 'production' ? 'off' : 'on')) === 'on';
  const gameDay =
    e.ESPN_REPLAY_GAMEDAY === 'on' ? { minutes: e.ESPN_REPLAY_GAMEDAY_MINUTES, kickoffInMinutes: e.ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES } : null;
  const replay: EspnReplaySetting | null = replayOn ? { dateShiftDays: e.ESPN_REPLAY_SHIFT_DAYS, gameDay } : null;
  const cadenceProblems = [
    ...(e.LIVE_FEED_IDLE_INTERVAL_MS < e.LIVE_FEED_INTERVAL_MS
      ? [`LIVE_FEED_IDLE_INTERVAL_MS: ${e.LIVE_FEED_IDLE_INTERVAL_MS} is shorter than LIVE_FEED_INTERVAL_MS (${e.LIVE_FEED_INTERVAL_MS})`]
      : []),
    ...(e.LIVE_FEED_LIVE_INTERVAL_MS !== undefined && e.LIVE_FEED_LIVE_INTERVAL_MS > e.LIVE_FEED_INTERVAL_MS
      ? [`LIVE_FEED_LIVE_INTERVAL_MS: ${e.LIVE_FEED_LIVE_INTERVAL_MS} is longer than LIVE_FEED_INTERVAL_MS (${e.LIVE_FEED_INTERVAL_MS})`]
      : []),
  ];
  if (cadenceProblems.length) throw new ConfigError('sports-data-staging', cadenceProblems);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    environment: e.POWERPOOL_ENV,
    espn: {
      siteUrl: e.ESPN_SITE_API_URL,
      coreUrl: e.ESPN_CORE_API_URL,
      imageUrl: e.ESPN_IMAGE_BASE_URL,
      imageTimeoutMs: e.ESPN_IMAGE_TIMEOUT_MS,
      timeoutMs: e.ESPN_TIMEOUT_MS,
      retries: e.ESPN_RETRIES,
      backoffMs: e.ESPN_BACKOFF_MS,
      concurrency: e.ESPN_CONCURRENCY,
      /**
       * ESPN_REPLAY: answer ESPN from the bundled recordings (offline) instead of these URLs; null
       * when off. On by default outside production, off in production. The launchers act on it
       * (embedded mode and `make cluster` start the replay and point the service at it); the
       * service's own server.ts serves no replay and refuses to start with it on.
       */
      replay,
    },
    /**
     * The live feed: follows ESPN every `liveIntervalMs` while a game some pool has published is
     * being played, every `intervalMs` while a game is on or kicks off within `windowMinutes`,
     * every `idleIntervalMs` otherwise (LIVE_FEED, LIVE_FEED_LIVE_INTERVAL_MS,
     * LIVE_FEED_INTERVAL_MS, LIVE_FEED_IDLE_INTERVAL_MS, LIVE_FEED_WINDOW_MINUTES).
     */
    liveFeed: {
      enabled: e.LIVE_FEED === 'on',
      liveIntervalMs: e.LIVE_FEED_LIVE_INTERVAL_MS ?? Math.min(LIVE_FEED_LIVE_INTERVAL_DEFAULT_MS, e.LIVE_FEED_INTERVAL_MS),
      intervalMs: e.LIVE_FEED_INTERVAL_MS,
      idleIntervalMs: e.LIVE_FEED_IDLE_INTERVAL_MS,
      windowMinutes: e.LIVE_FEED_WINDOW_MINUTES,
    },
    env: e,
  });
}
