import type { FastifyInstance } from 'fastify';
import fastifyHttpProxy from '@fastify/http-proxy';
import { NO_SECURITY_HEADERS } from '../plugins/security-headers.js';
import { serviceUnavailable } from './forwarding.js';

export const DEV_MAIL_PREFIX = '/dev-mail';

/**
 * `/dev-mail/*` to embedded mode's mail catcher (the e-mails the notifications service sent, on a
 * page of their own), like `/dev-idp`: only when `devMailUpstream` is given, which embedded mode
 * alone does (never in production). Read-only GET pages: no CSRF check needed, no gateway CSP.
 */
export async function devMailProxy(app: FastifyInstance, options: { upstream: string }): Promise<void> {
  await app.register(fastifyHttpProxy, {
    upstream: options.upstream,
    prefix: DEV_MAIL_PREFIX,
    rewritePrefix: DEV_MAIL_PREFIX,
    httpMethods: ['GET', 'HEAD'],
    config: { devIdp: true, ...NO_SECURITY_HEADERS },
    disableRequestLogging: true,
    destroyAgent: true,
    replyOptions: {
      onError: (reply, { error }) => {
        reply.request.log.warn({ err: error }, 'the development mail catcher did not answer');
        serviceUnavailable(reply, 'dev-mail');
      },
      retryDelay: () => null,
    },
  });
}
