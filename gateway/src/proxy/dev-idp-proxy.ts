import type { FastifyInstance } from 'fastify';
import fastifyHttpProxy from '@fastify/http-proxy';
import type { Limiter } from '../plugins/rate-limits.js';
import { NO_SECURITY_HEADERS } from '../plugins/security-headers.js';
import { forwardedHeaders, serviceUnavailable } from './forwarding.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route of the development IdP: no CSRF check, no gateway security headers. */
    devIdp?: boolean;
  }
}

export const DEV_IDP_PREFIX = '/dev-idp';
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface DevIdpProxyOptions {
  upstream: string;
  publicUrl: string;
  /** Credential posts count against the sign-in limit; page loads do not. */
  signInLimiter: Limiter;
}

/**
 * `/dev-idp/*` to the development IdP, path kept (the IdP is mounted under `/dev-idp` itself), with
 * X-Forwarded-Proto/Host from the public URL so the IdP issues URLs the browser can follow. The
 * IdP's pages carry their own headers and form posts: no gateway CSP, no CSRF check.
 * Register encapsulated (http-proxy installs its own reply-from and body parsers).
 */
export async function devIdpProxy(app: FastifyInstance, options: DevIdpProxyOptions): Promise<void> {
  const withForwarding = forwardedHeaders(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (!READS.has(request.method)) await options.signInLimiter(request, reply);
  });
  await app.register(fastifyHttpProxy, {
    upstream: options.upstream,
    prefix: DEV_IDP_PREFIX,
    rewritePrefix: DEV_IDP_PREFIX,
    config: { devIdp: true, ...NO_SECURITY_HEADERS },
    disableRequestLogging: true,
    destroyAgent: true,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => withForwarding(request, headers),
      onError: (reply, { error }) => {
        reply.request.log.warn({ err: error }, 'the development IdP did not answer');
        serviceUnavailable(reply, 'dev-idp');
      },
      retryDelay: () => null,
    },
  });
}
