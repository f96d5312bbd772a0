import { z } from 'zod';
import { env, parseConfig, serviceEnvSchema } from '@powerpool/service-kit';

const identityEnvSchema = serviceEnvSchema.extend({
  PORT: env.port(4001),
  /** The public origin users reach (the gateway), e.g. https://powerpool.example. */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  OIDC_ISSUER_URL: z.string().url({ error: 'must be the OIDC issuer URL' }),
  /**
   * Where identity itself reaches the provider (discovery, token, userinfo, JWKS) when that is not
   * the public issuer URL, e.g. the dev IdP's own listen address behind the gateway. Every URL
   * under OIDC_ISSUER_URL is rewritten to the same path under this one; the issuer (and the `iss`
   * check) stays OIDC_ISSUER_URL, and the browser is still sent to the public URLs.
   */
  OIDC_BACKCHANNEL_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().url({ error: 'must be a URL (the provider as identity reaches it)' }).optional(),
  ),
  OIDC_CLIENT_ID: z.string().min(1).default('powerpool'),
  OIDC_CLIENT_SECRET: z.string().min(1, 'is required'),
  /** Claim carrying a role at first sign-in (the dev provider and the Keycloak realm send it). */
  OIDC_ROLE_CLAIM: z.string().default('powerpool_role'),
  SUPER_ADMIN_EMAILS: env.csv(),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24),
});

export interface IdentityConfig {
  port: number;
  host: string;
  environment: 'development' | 'test' | 'production';
  publicUrl: URL;
  oidc: {
    issuerUrl: URL;
    /** Where identity's own calls to the provider go instead of `issuerUrl` (same paths beneath it); absent: the issuer itself. */
    backchannelUrl?: URL;
    clientId: string;
    clientSecret: string;
    roleClaim: string;
  };
  /** Lower-cased e-mails that are always super admins. */
  superAdminEmails: ReadonlySet<string>;
  session: { idleTimeoutMs: number; absoluteTimeoutMs: number; secureCookies: boolean };
  /** The env the kit's runtime needs (database, bus, keys). */
  env: z.infer<typeof identityEnvSchema>;
}

/** Parse identity's env once at start; throws listing every problem. */
export function loadIdentityConfig(source: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const e = parseConfig('identity', identityEnvSchema, source);
  const publicUrl = new URL(e.PUBLIC_URL);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    environment: e.POWERPOOL_ENV,
    publicUrl,
    oidc: {
      issuerUrl: new URL(e.OIDC_ISSUER_URL),
      ...(e.OIDC_BACKCHANNEL_URL ? { backchannelUrl: new URL(e.OIDC_BACKCHANNEL_URL) } : {}),
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      roleClaim: e.OIDC_ROLE_CLAIM,
    },
    superAdminEmails: new Set(e.SUPER_ADMIN_EMAILS.map((m) => m.toLowerCase())),
    session: {
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      absoluteTimeoutMs: e.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
      secureCookies: publicUrl.protocol === 'https:',
    },
    env: e,
  });
}
