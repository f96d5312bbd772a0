import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const SportsDataStagingEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4005),
});

export type SportsDataStagingConfig = ReturnType<typeof loadSportsDataStagingConfig>;

/** Parse sports-data-staging's env once at start; throws listing every problem. */
export function loadSportsDataStagingConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('sports-data-staging', SportsDataStagingEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, env: e });
}
