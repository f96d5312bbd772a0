import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const PicksScoringEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4003),
});

export type PicksScoringConfig = ReturnType<typeof loadPicksScoringConfig>;

/** Parse picks-scoring's env once at start; throws listing every problem. */
export function loadPicksScoringConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('picks-scoring', PicksScoringEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, env: e });
}
