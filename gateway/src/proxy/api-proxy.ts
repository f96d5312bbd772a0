import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fastifyReplyFrom from '@fastify/reply-from';
import { HEADERS, type Endpoint, type ServiceName } from '@powerpool/contracts';
import { DomainError, ServiceUnavailableError, UnauthorizedError, type AssertionSigner } from '@powerpool/service-kit';
import { compressReplies } from '../plugins/compression.js';
import { limitWithPage } from '../plugins/rate-limit-page.js';
import type { Limiter, Limiters } from '../plugins/rate-limits.js';
import type { SessionOf } from '../session/request-session.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, type UpstreamUrls } from '../config.js';
import { forwardedHeaders, lazyBody, passthroughBodies, serviceUnavailable } from './forwarding.js';
import { canTryNextReplica, createUpstreamPool, type UpstreamPool } from './upstreams.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A URL with a broken percent-encoding (`%ff`, a lone `%`) in its query: the router decodes only the path. */
class MalformedUrlError extends DomainError {
  constructor() {
    super('bad_request', 'The request URL is malformed: it has an invalid percent-encoding.');
  }
}

/**
 * Refuse a URL that does not decode before it is forwarded (reply-from decodes it to look for
 * `..` and would throw a URIError: a 500). The path was decoded by the router already; this
 * catches the query.
 */
const refuseMalformedUrl: onRequestAsyncHookHandler = async (request) => {
  try {
    decodeURIComponent(request.url);
  } catch {
    throw new MalformedUrlError();
  }
};

export interface ApiProxyOptions {
  routes: readonly Endpoint[];
  upstreams: Readonly<Record<ServiceName, UpstreamUrls>>;
  publicUrl: string;
  signer: AssertionSigner;
  sessionOf: SessionOf;
  limiters: Limiters;
  /** Wait for a service's status and headers (and each chunk of a plain reply) before answering 503. Default DEFAULT_UPSTREAM_TIMEOUT_MS. */
  upstreamTimeoutMs?: number;
}

/** Identity is down or slow: a session route cannot know who is calling. */
class SessionUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('The identity service is unavailable. Please try again shortly.');
  }
}

/**
 * Upstream connections of event streams: no idle-body timeout (a stream is quiet between events;
 * its heartbeat and the client's disconnect end it, not the proxy), and no cap on connections per
 * replica (each open stream holds one; undici's default of 128 would queue the rest forever).
 */
export const STREAM_UPSTREAM_OPTIONS = { bodyTimeout: 0, connections: null, pipelining: 1 } as const;

/**
 * A pool's live streams all go to the same replica (its first choice while it is up): each replica
 * then rebuilds only the boards of its own pools when a score changes, instead of every replica
 * rebuilding every streamed pool (docs/architecture.md#replicas). Other requests have no key and
 * go round-robin.
 */
function affinityKey(route: Endpoint, request: FastifyRequest): string | undefined {
  if (route.produces !== 'text/event-stream') return undefined;
  const { poolId } = request.params as { poolId?: unknown };
  return typeof poolId === 'string' ? `pool:${poolId}` : undefined;
}

/**
 * Every declared endpoint (ENDPOINTS) as a Fastify route forwarding to its service (same path and query).
 * Per request: rate limit (sign-in or writes), session check for `access: 'session'`, then a
 * fresh identity assertion replaces whatever the client sent. Bodies stream both ways. A service
 * listed with several URLs (replicas) gets requests round-robin; a replica that refuses the
 * connection (or cannot be reached) passes the request to the next, for every method, since
 * nothing was sent. Event streams (`text/event-stream`) are forwarded by their own upstream agent
 * (STREAM_UPSTREAM_OPTIONS), chunk by chunk, never compressed by the gateway; other replies of
 * 1 KB or more are compressed (compressReplies); a client that goes away closes the
 * upstream request. A service that does not start answering within `upstreamTimeoutMs` gets the
 * request answered 503 (a GET goes to the next replica first).
 */
export async function apiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const pools = new Map<ServiceName, UpstreamPool>();
  for (const route of options.routes) if (!pools.has(route.service)) pools.set(route.service, createUpstreamPool(options.upstreams[route.service]));
  const streams = options.routes.filter((r) => r.produces === 'text/event-stream');
  const others = options.routes.filter((r) => r.produces !== 'text/event-stream');
  // A hung service (its port accepting, nothing answering) gets a 503 after the timeout, not a hang.
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  await app.register(proxyScope, { ...options, routes: others, pools, undici: { headersTimeout: timeoutMs, bodyTimeout: timeoutMs }, compress: true });
  await app.register(proxyScope, { ...options, routes: streams, pools, undici: { ...STREAM_UPSTREAM_OPTIONS, headersTimeout: timeoutMs }, compress: false });
}

/** One encapsulated scope: its own reply-from (undici agent options), pass-through body parser and (plain replies) compression. */
async function proxyScope(
  app: FastifyInstance,
  options: ApiProxyOptions & { pools: Map<ServiceName, UpstreamPool>; undici: Record<string, unknown>; compress: boolean },
): Promise<void> {
  const { signer, sessionOf, limiters } = options;
  if (options.compress) await compressReplies(app);
  const withForwarding = forwardedHeaders(options.publicUrl);
  // destroyAgent: close the upstream keep-alive sockets when the gateway closes.
  await app.register(fastifyReplyFrom, { disableRequestLogging: true, destroyAgent: true, undici: options.undici });
  passthroughBodies(app);

  /**
   * A session route's limiter: identity not answering is the 503 the session check gives, before
   * any count. Counted without a session, every signed-in user behind one address would share that
   * address's bucket during the outage and get 429s instead (seen with Postgres restarting).
   */
  const sessionFirst =
    (limiter: Limiter): Limiter =>
    async (request, reply) => {
      if ((await sessionOf(request)).status === 'unavailable') throw new SessionUnavailableError();
      await limiter(request, reply);
    };

  const requireSession: preHandlerAsyncHookHandler = async (request) => {
    const session = await sessionOf(request);
    if (session.status === 'unavailable') throw new SessionUnavailableError();
    if (session.status === 'signed-out') throw new UnauthorizedError();
  };

  for (const route of options.routes) {
    const pool = options.pools.get(route.service)!;
    const limiter = route.signIn ? limiters.signIn : STATE_CHANGING.has(route.method) ? limiters.writes : undefined;
    const limit = limiter && route.access === 'session' ? sessionFirst(limiter) : limiter;
    const onRequest: onRequestAsyncHookHandler[] = [refuseMalformedUrl, ...(limit ? [route.browserNavigation ? limitWithPage(limit) : limit] : [])];
    app.route({
      method: route.method,
      url: route.path,
      onRequest,
      preHandler: route.access === 'session' ? [requireSession] : [],
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const session = await sessionOf(request);
        const assertion = await signer.sign({
          user: session.status === 'signed-in' ? session.user : null,
          correlationId: request.id,
        });
        const key = affinityKey(route, request);
        const order = key === undefined ? pool.order() : pool.orderFor(key);
        // A body (a stream) is read only once an upstream is connected, so a refused connection leaves it whole for the next.
        // With one replica there is nothing to fail over to: the body goes as it is.
        const source = order.length > 1 && request.body instanceof Readable ? request.body : null;
        const forward = (attempt: number): FastifyReply => {
          if (source) request.body = lazyBody(source);
          return reply.from(`${order[attempt]}${request.url}`, {
            rewriteRequestHeaders: (_req, headers) => {
              const out = withForwarding(request, headers);
              out[HEADERS.identity] = assertion;
              // Services never see the session cookie, except identity on the sign-in navigations.
              if (!route.browserNavigation) delete out.cookie;
              return out;
            },
            rewriteHeaders: (headers) => {
              delete headers['x-powered-by'];
              headers[HEADERS.correlationId] = request.id;
              return headers;
            },
            onError: (replyWithError, { error }) => {
              if (attempt + 1 < order.length && canTryNextReplica(route.method, error) && !request.raw.destroyed) {
                request.log.warn(
                  { err: error, service: route.service, upstream: order[attempt] },
                  'upstream could not be reached or dropped the connection; trying the next replica',
                );
                forward(attempt + 1);
                return;
              }
              request.log.warn({ err: error, service: route.service }, 'upstream did not answer');
              serviceUnavailable(replyWithError, route.service);
            },
            // reply-from retries GETs answered 503 up to 10 times by default; a 503 is the answer.
            retryDelay: () => null,
          });
        };
        return forward(0);
      },
    });
  }
}
