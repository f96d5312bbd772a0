import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const PoolsInvitationsEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4002),
  /** How long the pool cards and a pool deletion wait for weeks-workflow before going on without it. */
  WEEKS_SUMMARY_TIMEOUT_MS: z.coerce.number().int().positive().max(30_000).default(3000),
});

export type PoolsInvitationsConfig = ReturnType<typeof loadPoolsInvitationsConfig>;

/** Parse pools-invitations's env once at start; throws listing every problem. */
export function loadPoolsInvitationsConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('pools-invitations', PoolsInvitationsEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, weeksSummaryTimeoutMs: e.WEEKS_SUMMARY_TIMEOUT_MS, env: e });
}
