import { z } from 'zod';
import { MAX_DELIVERY_DELAY_MS } from './bus/nats.js';
import { randomSeed } from './bus/slow.js';
import { METRICS_TOKEN_MIN_LENGTH } from './metrics-auth.js';

export const ENVIRONMENTS = ['development', 'test', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Thrown at start when the environment does not parse; lists every problem at once. */
export class ConfigError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${service}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parse `env` with a zod object whose keys are env var names. Returns a frozen object, or throws
 * a ConfigError naming every invalid or missing variable.
 */
export function parseConfig<S extends z.ZodType>(service: string, schema: S, env: NodeJS.ProcessEnv = process.env): Readonly<z.infer<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(service, problems);
  }
  return Object.freeze(result.data);
}

/** Env helpers shared by every process. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  environment: () => z.enum(ENVIRONMENTS).default('development'),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  url: () => z.string().url(),
  /** An optional bearer token of at least METRICS_TOKEN_MIN_LENGTH characters; empty means unset. */
  metricsToken: () =>
    z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
      z.string().min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters (a random secret)`).optional(),
    ),
  csv: () =>
    z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      ),
};

/**
 * The slow bus test mode (bus/slow.ts), read by every service (cluster mode) and by embedded mode:
 * BUS_DELAY_MAX_MS holds each delivered event for a random delay up to that many milliseconds (0,
 * the default, is off); BUS_DELAY_SEED seeds the delays (default: a random seed, logged).
 */
export const busDelayEnvSchema = z.object({
  BUS_DELAY_MAX_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_DELIVERY_DELAY_MS, `at most ${MAX_DELIVERY_DELAY_MS} (the NATS ack wait must cover a replica's buffered events)`)
    .default(0),
  BUS_DELAY_SEED: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional(),
  ),
});

/** The slow bus setting a process runs with: null when off. */
export interface SlowBusSetting {
  maxDelayMs: number;
  seed: number;
}

/**
 * The slow bus setting of parsed env: null when BUS_DELAY_MAX_MS is 0; a random seed when none is
 * given. Throws a ConfigError in production: it is a test mode, and a slow bus there would only
 * make every copy late.
 */
export function slowBusSettingOf(service: string, e: z.infer<typeof busDelayEnvSchema> & { POWERPOOL_ENV: Environment }): SlowBusSetting | null {
  if (e.BUS_DELAY_MAX_MS === 0) return null;
  if (e.POWERPOOL_ENV === 'production') {
    throw new ConfigError(service, ['BUS_DELAY_MAX_MS: the slow bus is a test mode and is refused in production (unset it or set 0)']);
  }
  return { maxDelayMs: e.BUS_DELAY_MAX_MS, seed: e.BUS_DELAY_SEED ?? randomSeed() };
}

/**
 * The part of every service's config that the kit needs. Each service extends it with its own
 * variables in its `src/config.ts`.
 */
export const serviceEnvSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  POWERPOOL_ENV: env.environment(),
  LOG_LEVEL: env.logLevel(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_DRIVER: z.enum(['postgres', 'pglite']).default('postgres'),
  PGLITE_DATA_DIR: z.string().optional(),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Optional: keeps this deployment's subjects and event stream apart on a shared NATS server. */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and - only (at most 32)')
    .optional(),
  IDENTITY_ASSERTION_PUBLIC_KEY: z.string().min(1, 'is required (the gateway public key, SPKI PEM)'),
  /** Optional: GET /metrics then needs `Authorization: Bearer <METRICS_TOKEN>`. Empty means unset. */
  METRICS_TOKEN: env.metricsToken(),
  ...busDelayEnvSchema.shape,
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;
