import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const WeeksWorkflowEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4004),
  /**
   * How often each replica looks for published weeks whose picks deadline has passed (they move
   * to GAMES_IN_PROGRESS by themselves). Every replica looks; each week moves exactly once.
   */
  WEEKS_AUTO_START_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long to wait for sports-data-staging's refresh of a week (odds or scores). */
  SPORTS_REFRESH_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(30_000),
});

export type WeeksWorkflowConfig = ReturnType<typeof loadWeeksWorkflowConfig>;

/** Parse weeks-workflow's env once at start; throws listing every problem. */
export function loadWeeksWorkflowConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('weeks-workflow', WeeksWorkflowEnvSchema, source);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    environment: e.POWERPOOL_ENV,
    autoStartIntervalMs: e.WEEKS_AUTO_START_INTERVAL_MS,
    sportsRefreshTimeoutMs: e.SPORTS_REFRESH_TIMEOUT_MS,
    env: e,
  });
}
