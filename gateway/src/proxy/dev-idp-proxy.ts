import type { FastifyInstance } from 'fastify';
import fastifyHttpProxy from '@fastify/http-proxy';
import { limitWithPage } from '../plugins/rate-limit-page.js';
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
/** The IdP's sign-in and sign-up pages; their form posts are what the gateway counts. */
const INTERACTION_PREFIX = `${DEV_IDP_PREFIX}/interaction/`;

export interface DevIdpProxyOptions {
  upstream: string;
  publicUrl: string;
  /**
   * Counts the sign-in and sign-up form posts (per IP, a flood guard). Page loads, the logout
   * confirmation and the protocol endpoints (token, userinfo, JWKS) are not counted: identity
   * reaches those on the IdP's own address, and wrong passwords are the IdP's to count.
   */
  formLimiter: Limiter;
}

/**
 * `/dev-idp/*` to the development IdP, path kept (the IdP is mounted under `/dev-idp` itself), with
 * X-Forwarded-Proto/Host from the public URL so the IdP issues URLs the browser can follow. The
 * IdP's pages carry their own headers and form posts: no gateway CSP, no CSRF check.
 * Register encapsulated (http-proxy installs its own reply-from and body parsers).
 */
export async function devIdpProxy(app: FastifyInstance, options: DevIdpProxyOptions): Promise<void> {
  const withForwarding = forwardedHeaders(options.publicUrl);
  const limitForms = limitWithPage(options.formLimiter);
  app.addHook('onRequest', async function limitFormPosts(request, reply) {
    if (request.method === 'POST' && request.url.startsWith(INTERACTION_PREFIX)) return limitForms.call(this, request, reply);
    return undefined;
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
