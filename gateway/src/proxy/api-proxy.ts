import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import fastifyReplyFrom from '@fastify/reply-from';
import { HEADERS, type Endpoint, type ServiceName } from '@powerpool/contracts';
import { ServiceUnavailableError, UnauthorizedError, type AssertionSigner } from '@powerpool/service-kit';
import { limitWithPage } from '../plugins/rate-limit-page.js';
import type { Limiters } from '../plugins/rate-limits.js';
import type { SessionOf } from '../session/request-session.js';
import { forwardedHeaders, passthroughBodies, serviceUnavailable } from './forwarding.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiProxyOptions {
  routes: readonly Endpoint[];
  upstreams: Readonly<Record<ServiceName, string>>;
  publicUrl: string;
  signer: AssertionSigner;
  sessionOf: SessionOf;
  limiters: Limiters;
}

/** Identity is down or slow: a session route cannot know who is calling. */
class SessionUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('The identity service is unavailable. Please try again shortly.');
  }
}

/**
 * Every declared endpoint (ENDPOINTS) as a Fastify route forwarding to its service (same path and query).
 * Per request: rate limit (sign-in or writes), session check for `access: 'session'`, then a
 * fresh identity assertion replaces whatever the client sent. Bodies stream both ways.
 * Register encapsulated: it installs its own reply-from and pass-through body parser.
 */
export async function apiProxy(app: FastifyInstance, options: ApiProxyOptions): Promise<void> {
  const { signer, sessionOf, limiters } = options;
  const withForwarding = forwardedHeaders(options.publicUrl);
  // destroyAgent: close the upstream keep-alive sockets when the gateway closes.
  await app.register(fastifyReplyFrom, { disableRequestLogging: true, destroyAgent: true });
  passthroughBodies(app);

  const requireSession: preHandlerAsyncHookHandler = async (request) => {
    const session = await sessionOf(request);
    if (session.status === 'unavailable') throw new SessionUnavailableError();
    if (session.status === 'signed-out') throw new UnauthorizedError();
  };

  for (const route of options.routes) {
    const upstream = options.upstreams[route.service];
    const limiter = route.signIn ? limiters.signIn : STATE_CHANGING.has(route.method) ? limiters.writes : undefined;
    const onRequest: onRequestAsyncHookHandler[] = limiter ? [route.browserNavigation ? limitWithPage(limiter) : limiter] : [];
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
        return reply.from(`${upstream}${request.url}`, {
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
            request.log.warn({ err: error, service: route.service }, 'upstream did not answer');
            serviceUnavailable(replyWithError, route.service);
          },
          // reply-from retries GETs answered 503 up to 10 times by default; a 503 is the answer.
          retryDelay: () => null,
        });
      },
    });
  }
}
