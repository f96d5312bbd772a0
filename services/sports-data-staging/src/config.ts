import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const SportsDataStagingEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4005),
  ESPN_SITE_API_URL: z.string().url().default('https://site.api.espn.com/apis/site/v2/sports/football/nfl'),
  ESPN_CORE_API_URL: z.string().url().default('https://sports.core.api.espn.com/v2/sports/football/leagues/nfl'),
  ESPN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  ESPN_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  ESPN_BACKOFF_MS: z.coerce.number().int().min(0).default(250),
  ESPN_CONCURRENCY: z.coerce.number().int().positive().max(32).default(4),
});

export type SportsDataStagingConfig = ReturnType<typeof loadSportsDataStagingConfig>;

/** Parse sports-data-staging's env once at start; throws listing every problem. */
export function loadSportsDataStagingConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('sports-data-staging', SportsDataStagingEnvSchema, source);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    environment: e.POWERPOOL_ENV,
    espn: {
      siteUrl: e.ESPN_SITE_API_URL,
      coreUrl: e.ESPN_CORE_API_URL,
      timeoutMs: e.ESPN_TIMEOUT_MS,
      retries: e.ESPN_RETRIES,
      backoffMs: e.ESPN_BACKOFF_MS,
      concurrency: e.ESPN_CONCURRENCY,
    },
    env: e,
  });
}
