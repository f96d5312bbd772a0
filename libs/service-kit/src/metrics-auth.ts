import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from './errors.js';

/** Shortest METRICS_TOKEN accepted (gateway and services). */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** A scrape of /metrics without the configured bearer token. */
export class MetricsUnauthorizedError extends DomainError {
  constructor() {
    super('unauthorized', 'Unauthorized: metrics need a valid bearer token');
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when `authorization` is `Bearer <token>`; compared in constant time. */
export function hasBearerToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Throw `MetricsUnauthorizedError` (after setting WWW-Authenticate) unless the request carries the
 * metrics token. For the /metrics handlers of the gateway and the services.
 */
export function checkMetricsToken(
  request: { headers: { authorization?: string | undefined } },
  reply: { header(name: string, value: string): unknown },
  token: string,
): void {
  if (hasBearerToken(request.headers.authorization, token)) return;
  reply.header('www-authenticate', 'Bearer realm="metrics"');
  throw new MetricsUnauthorizedError();
}
