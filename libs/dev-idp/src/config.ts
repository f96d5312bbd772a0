import { z } from 'zod';
import type { DevIdpOptions } from './index.js';
import { DEFAULT_FAILED_LOGIN_LIMITS, type FailedLoginLimits } from './login-throttle.js';

const csv = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url('must be a comma-separated list of URLs')).min(1, 'must list at least one URL'));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** When wrong passwords pause sign-in (also read by embedded mode). */
const failedLoginEnvSchema = z.object({
  DEV_IDP_FAILED_LOGINS_PER_ACCOUNT: positiveInt(DEFAULT_FAILED_LOGIN_LIMITS.perAccount),
  DEV_IDP_FAILED_LOGINS_PER_IP: positiveInt(DEFAULT_FAILED_LOGIN_LIMITS.perIp),
  DEV_IDP_FAILED_LOGIN_WINDOW_MINUTES: positiveInt(DEFAULT_FAILED_LOGIN_LIMITS.windowMs / 60_000),
});

/** Environment of the standalone dev IdP (cluster mode); see .env.example. */
export const devIdpEnvSchema = z
  .object({
    ...failedLoginEnvSchema.shape,
    PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    HOST: z.string().min(1).default('0.0.0.0'),
    DEV_IDP_ISSUER: z.url().optional(),
    DEV_IDP_CLIENT_ID: z.string().min(1).default('powerpool'),
    DEV_IDP_CLIENT_SECRET: z.string().min(1).default('powerpool-dev-secret'),
    DEV_IDP_REDIRECT_URIS: csv('http://localhost:3000/api/callback'),
    DEV_IDP_POST_LOGOUT_REDIRECT_URIS: csv('http://localhost:3000/'),
    DEV_IDP_DATA_DIR: z.string().min(1).optional(),
    POWERPOOL_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({ ...env, DEV_IDP_ISSUER: env.DEV_IDP_ISSUER ?? `http://localhost:${env.PORT}/dev-idp` }));

export type DevIdpEnv = z.infer<typeof devIdpEnvSchema>;

function parseOrThrow<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new Error(`Invalid configuration for dev-idp:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** Parses the environment, throwing one error that lists every problem. */
export function parseDevIdpEnv(env: NodeJS.ProcessEnv = process.env): Readonly<DevIdpEnv> {
  return Object.freeze(parseOrThrow(devIdpEnvSchema, env));
}

function failedLoginLimits(e: z.infer<typeof failedLoginEnvSchema>): FailedLoginLimits {
  return {
    perAccount: e.DEV_IDP_FAILED_LOGINS_PER_ACCOUNT,
    perIp: e.DEV_IDP_FAILED_LOGINS_PER_IP,
    windowMs: e.DEV_IDP_FAILED_LOGIN_WINDOW_MINUTES * 60_000,
  };
}

/** Only the DEV_IDP_FAILED_LOGIN* variables: for embedded mode, which starts the dev IdP itself. */
export function failedLoginLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): FailedLoginLimits {
  return failedLoginLimits(parseOrThrow(failedLoginEnvSchema, env));
}

/** The startDevIdp options for a parsed environment (one client). */
export function optionsFromEnv(env: DevIdpEnv): Omit<DevIdpOptions, 'logger'> {
  return {
    issuer: env.DEV_IDP_ISSUER,
    clients: [
      {
        clientId: env.DEV_IDP_CLIENT_ID,
        clientSecret: env.DEV_IDP_CLIENT_SECRET,
        redirectUris: env.DEV_IDP_REDIRECT_URIS,
        postLogoutRedirectUris: env.DEV_IDP_POST_LOGOUT_REDIRECT_URIS,
      },
    ],
    environment: env.POWERPOOL_ENV,
    failedLogins: failedLoginLimits(env),
    host: env.HOST,
    port: env.PORT,
    ...(env.DEV_IDP_DATA_DIR ? { dataDir: env.DEV_IDP_DATA_DIR } : {}),
  };
}
