import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const PoolsInvitationsEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4002),
});

export type PoolsInvitationsConfig = ReturnType<typeof loadPoolsInvitationsConfig>;

/** Parse pools-invitations's env once at start; throws listing every problem. */
export function loadPoolsInvitationsConfig(source: NodeJS.ProcessEnv = process.env) {
  const e = parseConfig('pools-invitations', PoolsInvitationsEnvSchema, source);
  return Object.freeze({ port: e.PORT, host: e.HOST, environment: e.POWERPOOL_ENV, env: e });
}
