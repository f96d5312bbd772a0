import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '@powerpool/contracts';
import { env, normalizePem, parseConfig, serviceEnvSchema, type Environment } from '@powerpool/service-kit';
import { DEFAULT_BODY_LIMIT_BYTES } from './plugins/body-limit.js';

/** Default upstream of each service, in SERVICE_NAMES order (ports 4001..4006). */
export const DEFAULT_UPSTREAMS: Readonly<Record<ServiceName, string>> = Object.freeze({
  identity: 'http://127.0.0.1:4001',
  'pools-invitations': 'http://127.0.0.1:4002',
  'picks-scoring': 'http://127.0.0.1:4003',
  'weeks-workflow': 'http://127.0.0.1:4004',
  'sports-data-staging': 'http://127.0.0.1:4005',
  notifications: 'http://127.0.0.1:4006',
});

/** Env var naming each service's upstream base URL. */
export const UPSTREAM_ENV: Readonly<Record<ServiceName, string>> = Object.freeze({
  identity: 'IDENTITY_URL',
  'pools-invitations': 'POOLS_INVITATIONS_URL',
  'picks-scoring': 'PICKS_SCORING_URL',
  'weeks-workflow': 'WEEKS_WORKFLOW_URL',
  'sports-data-staging': 'SPORTS_DATA_STAGING_URL',
  notifications: 'NOTIFICATIONS_URL',
});

/** `<repo>/web/dist`, the SPA build output. */
export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** One service's upstream: a base URL, or several (replicas of the service). */
export type UpstreamUrls = string | readonly string[];

/** The base URLs of an upstream, as a list. */
export const upstreamList = (urls: UpstreamUrls): readonly string[] => (typeof urls === 'string' ? [urls] : urls);

/** What `buildGateway` needs (no listener, bus or key material: those are server.ts's). */
export interface GatewayConfig {
  environment: Environment;
  logLevel: LogLevel;
  /** The browser-facing URL of PowerPool, without a trailing slash. Its origin is the only one accepted by the CSRF check. */
  publicUrl: string;
  /**
   * Base URL(s) of each service (no trailing slash); every API route is forwarded to its service's.
   * Several (replicas): requests are balanced round-robin, and one that cannot connect goes to the next.
   */
  upstreams: Readonly<Record<ServiceName, UpstreamUrls>>;
  /** Upstream of the development IdP, proxied under `/dev-idp`; unset: `/dev-idp` is not served. */
  devIdpUpstream?: string;
  /** Upstream of the local mail catcher (embedded mode's, cluster mode's), proxied under `/dev-mail`; unset: not served (never set in production). */
  devMailUpstream?: string;
  /** Folder holding the built SPA (`index.html`, `assets/`). */
  webDistDir: string;
  /** How long a resolved session (signed in or not) is trusted before identity is asked again. */
  sessionCacheTtlMs: number;
  /** Most sessions kept in the cache (least recently used are dropped first). Default 10 000. */
  sessionCacheMaxEntries?: number;
  rateLimits: {
    /**
     * Sign-in starts (`/api/login`) per minute and client IP; form posts to the dev IdP's pages
     * get the same allowance in a bucket of their own.
     */
    signInPerMinute: number;
    /** State-changing API requests per minute and session (per IP when signed out). */
    writesPerMinute: number;
  };
  /** Serve the API reference at /api/docs (and /api/docs/openapi.json). Default: on, except in production. */
  apiDocs?: boolean;
  /**
   * Fastify `trustProxy`: whether X-Forwarded-For from the hop in front (ingress) gives the
   * client IP used by the per-IP limits. `false` (default) uses the socket address.
   */
  trustProxy?: boolean | number | string;
  /**
   * Largest request body forwarded to a service, in bytes (default 1 MiB, the services' own limit).
   * A larger one is answered 413 at the gateway, before anything is forwarded.
   */
  bodyLimitBytes?: number;
  /**
   * How long the gateway waits for a service to start answering a request (its status and
   * headers; then for each chunk of a plain reply's body) before answering 503 itself: a hung
   * process must not hang the browser. Default 60 s (longer than any service's own wait: a score
   * refresh waits 30 s for the provider). Event streams have no body timeout.
   */
  upstreamTimeoutMs?: number;
  /**
   * When set, `GET /metrics` on the public port answers the Prometheus metrics to callers sending
   * `Authorization: Bearer <metricsToken>` (401 otherwise). Unset: the gateway serves no metrics.
   */
  metricsToken?: string;
}

/** Everything server.ts needs: the app's config plus listener, bus and signing key. */
export interface GatewayServerConfig extends GatewayConfig {
  port: number;
  host: string;
  natsUrl: string;
  /** Deployment namespace on a shared NATS server (NATS_NAMESPACE), if any. */
  natsNamespace?: string;
  /** PKCS8 PEM of the Ed25519 key that signs identity assertions (newlines restored). */
  assertionPrivateKeyPem: string;
}

const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), `must be an http(s) URL (${what})`)
    .transform((v) => v.replace(/\/+$/, ''));

const isHttpUrl = (v: string) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);
const splitList = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

/** A comma-separated list of http(s) base URLs (a service's replicas), trailing slashes dropped. */
const httpUrlList = (what: string, fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => splitList(v).length > 0 && splitList(v).every(isHttpUrl), `must be an http(s) URL or a comma-separated list of them (${what})`)
    .transform((v): readonly string[] => Object.freeze(splitList(v).map((u) => u.replace(/\/+$/, ''))));

/** How long a service may take to start answering (undici's own default: 300 s, a hang to a browser). */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((v): boolean | number | string => {
    if (v === undefined || v === '' || v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v;
  });

/**
 * Sign-in starts per minute and IP. An office or home network signing in together for Sunday's
 * picks is one address for many people: 300 a minute (5 a second) is more than a pool of a few
 * hundred reaches even when everyone starts at once and some start twice, and still caps what one
 * address can make identity store (a pending sign-in lives 10 minutes: at most 3 000 per address).
 */
export const DEFAULT_SIGNIN_PER_MINUTE = 300;
export const DEFAULT_WRITES_PER_MINUTE = 120;

/** The limit variables, shared by the gateway and embedded mode. */
const rateLimitEnvSchema = z.object({
  RATE_LIMIT_SIGNIN_PER_MINUTE: positiveInt(DEFAULT_SIGNIN_PER_MINUTE),
  RATE_LIMIT_WRITES_PER_MINUTE: positiveInt(DEFAULT_WRITES_PER_MINUTE),
  TRUST_PROXY: trustProxySchema,
});

const gatewayEnvSchema = z
  .object({
    ...rateLimitEnvSchema.shape,
    PORT: env.port(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    PUBLIC_URL: httpUrl('the browser-facing URL, e.g. https://pool.example.com').default('http://localhost:3000'),
    NATS_URL: z.string().trim().min(1).default('nats://127.0.0.1:4222'),
    /** Optional deployment namespace on a shared NATS server (same value as the services'). */
    NATS_NAMESPACE: serviceEnvSchema.shape.NATS_NAMESPACE,
    IDENTITY_ASSERTION_PRIVATE_KEY: z
      .string({ error: 'is required (PKCS8 PEM of the Ed25519 signing key; `\\n` escapes allowed)' })
      .transform((v) => normalizePem(v.trim()))
      .refine((v) => v.includes('-----BEGIN PRIVATE KEY-----'), 'must be a PKCS8 PEM private key (-----BEGIN PRIVATE KEY-----)'),
    IDENTITY_URL: httpUrlList('identity service', DEFAULT_UPSTREAMS.identity),
    POOLS_INVITATIONS_URL: httpUrlList('pools-invitations service', DEFAULT_UPSTREAMS['pools-invitations']),
    PICKS_SCORING_URL: httpUrlList('picks-scoring service', DEFAULT_UPSTREAMS['picks-scoring']),
    WEEKS_WORKFLOW_URL: httpUrlList('weeks-workflow service', DEFAULT_UPSTREAMS['weeks-workflow']),
    SPORTS_DATA_STAGING_URL: httpUrlList('sports-data-staging service', DEFAULT_UPSTREAMS['sports-data-staging']),
    NOTIFICATIONS_URL: httpUrlList('notifications service', DEFAULT_UPSTREAMS.notifications),
    WEB_DIST_DIR: z.string().trim().min(1).default(DEFAULT_WEB_DIST_DIR),
    DEV_IDP_URL: z.preprocess((v) => (v === '' ? undefined : v), httpUrl('development IdP').optional()),
    /** The local mail catcher's page (cluster mode's, like embedded mode's), served at /dev-mail; never in production. */
    DEV_MAIL_URL: z.preprocess((v) => (v === '' ? undefined : v), httpUrl('development mail catcher').optional()),
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
    /** on/off; default on except in production. */
    API_DOCS: z.enum(['on', 'off']).optional(),
    BODY_LIMIT_BYTES: positiveInt(DEFAULT_BODY_LIMIT_BYTES),
    UPSTREAM_TIMEOUT_MS: positiveInt(DEFAULT_UPSTREAM_TIMEOUT_MS),
    METRICS_TOKEN: env.metricsToken(),
    LOG_LEVEL: env.logLevel(),
    POWERPOOL_ENV: env.environment(),
  })
  .superRefine((v, ctx) => {
    if (v.POWERPOOL_ENV === 'production' && v.DEV_IDP_URL) {
      ctx.addIssue({ code: 'custom', path: ['DEV_IDP_URL'], message: 'must not be set in production (the development IdP signs anyone in)' });
    }
    if (v.POWERPOOL_ENV === 'production' && v.DEV_MAIL_URL) {
      ctx.addIssue({ code: 'custom', path: ['DEV_MAIL_URL'], message: "must not be set in production (the mail catcher shows everyone's e-mails)" });
    }
  });

/**
 * Parse the gateway's environment once, at start. Throws a `ConfigError` listing every invalid
 * or missing variable. The result is frozen.
 */
export function loadGatewayConfig(environment: NodeJS.ProcessEnv = process.env): GatewayServerConfig {
  const e = parseConfig('gateway', gatewayEnvSchema, environment);
  const upstreams = Object.freeze(
    Object.fromEntries(SERVICE_NAMES.map((name) => [name, e[UPSTREAM_ENV[name] as keyof typeof e] as readonly string[]])) as Record<
      ServiceName,
      readonly string[]
    >,
  );
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    natsUrl: e.NATS_URL,
    ...(e.NATS_NAMESPACE ? { natsNamespace: e.NATS_NAMESPACE } : {}),
    assertionPrivateKeyPem: e.IDENTITY_ASSERTION_PRIVATE_KEY,
    environment: e.POWERPOOL_ENV,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    upstreams,
    ...(e.DEV_IDP_URL ? { devIdpUpstream: e.DEV_IDP_URL } : {}),
    ...(e.DEV_MAIL_URL ? { devMailUpstream: e.DEV_MAIL_URL } : {}),
    webDistDir: e.WEB_DIST_DIR,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    rateLimits: Object.freeze({ signInPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE, writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE }),
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.POWERPOOL_ENV !== 'production',
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
  });
}

/**
 * Only the limit variables (RATE_LIMIT_SIGNIN_PER_MINUTE, RATE_LIMIT_WRITES_PER_MINUTE,
 * TRUST_PROXY), with the gateway's defaults: for embedded mode, which builds the gateway itself.
 */
export function loadRateLimitConfig(environment: NodeJS.ProcessEnv = process.env): Pick<GatewayConfig, 'rateLimits' | 'trustProxy'> {
  const e = parseConfig('gateway', rateLimitEnvSchema, environment);
  return Object.freeze({
    rateLimits: Object.freeze({ signInPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE, writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE }),
    trustProxy: e.TRUST_PROXY,
  });
}
