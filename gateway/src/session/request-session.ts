import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@powerpool/contracts';
import type { SessionResolver, SessionState } from './session-resolver.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session lookup of this request, started at most once (see `sessionOf`). */
    sessionLookup: Promise<SessionState> | null;
  }
}

/** Reads the caller's session of a request; the lookup runs once per request, whoever asks first. */
export type SessionOf = (request: FastifyRequest) => Promise<SessionState>;

/**
 * Give every request a lazily resolved session: the `pp_session` cookie (parsed by
 * @fastify/cookie) resolved through `resolver`. Rate limiting and the route access check both
 * ask; only the first one pays.
 */
export function installRequestSessions(app: FastifyInstance, resolver: SessionResolver): SessionOf {
  app.decorateRequest('sessionLookup', null);
  return (request) => (request.sessionLookup ??= resolver.resolve(request.cookies[SESSION_COOKIE], request.id));
}
