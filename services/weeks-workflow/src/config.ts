import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const WeeksWorkflowEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4004),
});

export type WeeksWorkflowConfig = ReturnType<typeof loadWeeksWorkflowConfig>;

/** Parse weeks-workflow's env once at start; throws listing every problem. */
export function loadWeeksWorkflowConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('weeks-workflow', WeeksWorkflowEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, env: e });
}
