import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Registry, collectDefaultMetrics, Gauge, Histogram } from 'prom-client';
import { HEADERS, type Endpoint, type Role } from '@powerpool/contracts';
import type { AssertionVerifier, Identity } from './assertion.js';
import { guardDeclaredRoutes } from './endpoint-route.js';
import { sendClientError, sendErrorReply } from './error-reply.js';
import { DomainError, ForbiddenError, UnauthorizedError } from './errors.js';
import { checkMetricsToken } from './metrics-auth.js';
import type { Logger } from './logger.js';

/**
 * Who may call a route (checked after the gateway's assertion is verified):
 * `public` anyone (signed out too), `user` any signed-in user (default), or a list of roles.
 */
export type RouteAccess = 'public' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The declaration a route serves (set by `route()`). */
    endpoint?: Endpoint;
  }
  interface FastifyRequest {
    /** Verified identity from the gateway's assertion. */
    identity: Identity;
  }
}

export type ServiceApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface CreateServiceOptions {
  name: string;
  logger: Logger;
  verifier: AssertionVerifier;
  /** Named readiness checks for /readyz (e.g. database ping, bus connected). */
  readiness?: Record<string, () => Promise<boolean> | boolean>;
  /** When set, GET /metrics needs `Authorization: Bearer <metricsToken>` (METRICS_TOKEN); else it is open (private port). */
  metricsToken?: string | undefined;
}

const OPEN_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
/** Each service app's metrics registry (one per service: several share a process in embedded mode). */
const registries = new WeakMap<ServiceApp, Registry>();

/**
 * A gauge on the service's /metrics whose value `read()` gives at each scrape (open streams,
 * queue lengths: what the process already counts). Labelled with the service like every metric.
 */
export function registerGauge(app: ServiceApp, gauge: { name: string; help: string; read: () => number }): void {
  const registry = registries.get(app);
  if (!registry) throw new Error('registerGauge: not an app made by createService');
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    registers: [registry],
    collect() {
      this.set(gauge.read());
    },
  });
}
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * A Fastify 5 app with everything every PowerPool service shares: zod validation, one error
 * mapper, correlation ids, verification of the gateway's identity assertion and route access,
 * health, readiness and Prometheus metrics. Routes are added by the service's buildApp.
 */
export async function createService(options: CreateServiceOptions): Promise<ServiceApp> {
  const { name, verifier } = options;
  const app = Fastify({
    // The cast is not redundant: it makes Fastify infer FastifyBaseLogger for the app's type (pino's
    // Logger there would not match ServiceApp).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    loggerInstance: options.logger.child({ service: name }) as FastifyBaseLogger,
    genReqId: (req) => {
      const incoming = req.headers[HEADERS.correlationId];
      return typeof incoming === 'string' && CORRELATION_ID.test(incoming) ? incoming : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'correlationId', disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (an undecodable URL, a path parameter over maxParamLength) get the one JSON shape too.
    frameworkErrors: (err, request, reply) => void sendErrorReply(err, request, reply),
    // ...and so do requests Node's HTTP parser refuses (headers over the limit, broken framing).
    clientErrorHandler: sendClientError,
  }).withTypeProvider<ZodTypeProvider>();

  refuseInvalidUtf8Json(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Metrics: one registry per service (several services share a process in embedded mode).
  const registry = new Registry();
  registries.set(app, registry);
  registry.setDefaultLabels({ service: name });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.decorateRequest('identity', null as unknown as Identity);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.correlationId, request.id);
    const path = request.url.split('?')[0] ?? '';
    if (OPEN_PATHS.has(path)) return;
    const token = request.headers[HEADERS.identity];
    if (typeof token !== 'string' || token.length === 0) {
      throw new DomainError('missing_identity_assertion', 'Calls must come through the gateway');
    }
    try {
      request.identity = await verifier.verify(token);
    } catch (err) {
      request.log.warn({ err: (err as Error).message }, 'refused a call with an invalid identity assertion');
      throw new DomainError('invalid_identity_assertion', 'Calls must come through the gateway');
    }
    if (request.identity.user) request.log = request.log.child({ userId: request.identity.user.id });
    // Unmatched paths fall through to the JSON 404 (after the assertion check above).
    if (!request.is404) authorize(request, request.routeOptions.config.access ?? 'user');
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level]({ method: request.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  app.setErrorHandler(sendErrorReply);
  guardDeclaredRoutes(app, name);
  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send({ error: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
  });

  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok', service: name }));
  app.get('/readyz', { config: { access: 'public' } }, async (_request, reply) => {
    const checks: Record<string, boolean> = {};
    for (const [check, fn] of Object.entries(options.readiness ?? {})) {
      try {
        checks[check] = await fn();
      } catch {
        checks[check] = false;
      }
    }
    const ready = Object.values(checks).every(Boolean);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', service: name, checks });
  });
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    if (options.metricsToken) checkMetricsToken(request, reply, options.metricsToken);
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });

  return app;
}

/** A JSON body that is not valid UTF-8 (RFC 8259 requires it). */
export class InvalidUtf8BodyError extends DomainError {
  constructor() {
    super('bad_request', 'The request body is not valid UTF-8.');
  }
}

/**
 * JSON bodies are parsed as Fastify does by default (prototype poisoning refused, an empty body
 * refused), except that bytes which are not valid UTF-8 are refused with a 400 instead of being
 * turned silently into U+FFFD and stored.
 */
function refuseInvalidUtf8Json(app: ServiceApp): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(new InvalidUtf8BodyError(), undefined);
    return parseJson(request, bytes.toString('utf8'), done);
  });
}

/** Enforce a route's access rule on the verified identity. */
export function authorize(request: FastifyRequest, access: RouteAccess): void {
  if (access === 'public') return;
  const user = request.identity.user;
  if (!user) throw new UnauthorizedError();
  if (access === 'user') return;
  if (!access.includes(user.role)) throw new ForbiddenError();
}

/** The signed-in user of a request (routes with access other than `public`). */
export function currentUser(request: FastifyRequest): NonNullable<Identity['user']> {
  const user = request.identity?.user;
  if (!user) throw new UnauthorizedError();
  return user;
}
