import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { ENDPOINTS, HEADERS } from '@powerpool/contracts';
import { createLogger, sendClientError, sendErrorReply, type AssertionSigner, type Bus } from '@powerpool/service-kit';
import type { GatewayConfig } from './config.js';
import { apiDocsRoutes } from './docs/api-docs.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { DEFAULT_BODY_LIMIT_BYTES, limitRequestBodies } from './plugins/body-limit.js';
import { csrfGuard } from './plugins/csrf.js';
import { gatewayErrorHandler } from './plugins/errors.js';
import { observability } from './plugins/observability.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { responsePolicies, securityHeaders } from './plugins/security-headers.js';
import { spa } from './plugins/spa.js';
import { apiProxy } from './proxy/api-proxy.js';
import { devMailProxy } from './proxy/dev-mail-proxy.js';
import { devIdpProxy } from './proxy/dev-idp-proxy.js';
import { installSignedInHint } from './session/signed-in-hint.js';
import { installRequestSessions } from './session/request-session.js';
import { createSessionResolver } from './session/session-resolver.js';

export type { GatewayConfig } from './config.js';
export { hashSessionId } from './session/session-resolver.js';

/** Pino options for Fastify's own logger (tests pass `{ level: 'silent' }`). */
export type GatewayLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

export interface GatewayDeps {
  config: GatewayConfig;
  /** Asks identity who owns a session; delivers session and user events. */
  bus: Bus;
  /** Signs the identity assertion attached to every forwarded request. */
  signer: AssertionSigner;
  /** The clock of the session cache's expiry (ms); default Date.now. */
  now?: () => number;
  /** A logger, or pino options; default: the kit's process logger at `config.logLevel`. */
  logger?: FastifyBaseLogger | GatewayLoggerOptions;
}

function isLogger(logger: FastifyBaseLogger | GatewayLoggerOptions): logger is FastifyBaseLogger {
  const l = logger as Partial<FastifyBaseLogger>;
  return typeof l.child === 'function' && typeof l.info === 'function';
}

function loggerOptions(deps: GatewayDeps): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  if (deps.logger === undefined) return { loggerInstance: createLogger({ level: deps.config.logLevel, name: 'gateway' }) };
  return isLogger(deps.logger) ? { loggerInstance: deps.logger } : { logger: deps.logger };
}

/** A hop count means: trust that many proxies in front (Fastify's types only take a function for it). */
function trustProxyOption(trust: GatewayConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust ?? false;
}

/**
 * The gateway: PowerPool's only public entry. Mints a correlation id per request, resolves the
 * session cookie through identity, forwards ENDPOINTS to their services with a signed identity
 * assertion, guards against cross-site writes, limits rates, sets security headers, proxies the
 * development IdP and serves the SPA. Never listens (server.ts does); closing it stops its bus
 * subscriptions and upstream connections, not the bus.
 */
export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const { config, bus, signer } = deps;
  const app = Fastify({
    ...loggerOptions(deps),
    // Our id, always: inbound correlation ids are the client's word and are ignored.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per request comes from observability's onResponse hook instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: 'correlationId', disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    // Errors raised before routing (an undecodable URL) get the same JSON shape as the rest.
    frameworkErrors: (error, request, reply) => void sendErrorReply(error, request as unknown as FastifyRequest, reply as unknown as FastifyReply),
    // ...and so do requests Node's HTTP parser refuses (a URL or headers over the size limit).
    clientErrorHandler: sendClientError,
  }) as unknown as FastifyInstance;

  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.correlationId, request.id);
  });
  await observability(app, { metricsToken: config.metricsToken });
  app.setErrorHandler(gatewayErrorHandler);
  limitRequestBodies(app, config.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, securityHeaders(config.publicUrl));
  responsePolicies(app);
  app.addHook('onRequest', csrfGuard(config.publicUrl));

  const sessions = createSessionResolver({
    bus,
    ttlMs: config.sessionCacheTtlMs,
    maxEntries: config.sessionCacheMaxEntries,
    log: app.log.child({ component: 'sessions' }),
    ...(deps.now ? { now: deps.now } : {}),
  });
  await sessions.subscribe();
  app.addHook('onClose', async () => sessions.close());
  const sessionOf = installRequestSessions(app, sessions);
  installSignedInHint(app, { secure: new URL(config.publicUrl).protocol === 'https:' });

  const limiters = await registerRateLimits(app, {
    signInPerMinute: config.rateLimits.signInPerMinute,
    writesPerMinute: config.rateLimits.writesPerMinute,
    writesKey: async (request) => {
      const session = await sessionOf(request);
      return session.status === 'signed-in' ? `session:${session.sessionIdHash}` : `ip:${request.ip}`;
    },
  });

  await app.register(healthRoutes, { upstreams: config.upstreams, bus });
  if (config.apiDocs ?? config.environment !== 'production') await app.register(apiDocsRoutes, { endpoints: ENDPOINTS, publicUrl: config.publicUrl });
  await app.register(apiProxy, {
    routes: ENDPOINTS,
    upstreams: config.upstreams,
    publicUrl: config.publicUrl,
    signer,
    sessionOf,
    limiters,
    ...(config.upstreamTimeoutMs ? { upstreamTimeoutMs: config.upstreamTimeoutMs } : {}),
  });
  if (config.devIdpUpstream) {
    await app.register(devIdpProxy, { upstream: config.devIdpUpstream, publicUrl: config.publicUrl, formLimiter: limiters.signInForms });
  }
  if (config.devMailUpstream && config.environment !== 'production') await app.register(devMailProxy, { upstream: config.devMailUpstream });
  await spa(app, { webDistDir: config.webDistDir });

  return app;
}
