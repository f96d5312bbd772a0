import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ENDPOINTS } from '@powerpool/contracts';
import { DomainError } from '@powerpool/service-kit';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that change state anyway: those the contracts declare `changesState`. */
const STATE_CHANGING_GETS: ReadonlySet<string> = new Set(ENDPOINTS.filter((e) => e.method === 'GET' && e.changesState).map((e) => e.path));

export class CrossSiteRequestError extends DomainError {
  constructor() {
    super('cross_site_request', 'Cross-site requests are not allowed');
  }
}

/** HEAD runs a GET route's handler too (Fastify's HEAD routes drop only the body). */
const GET_LIKE = new Set(['GET', 'HEAD']);

function needsCheck(request: FastifyRequest): boolean {
  if (STATE_CHANGING.has(request.method)) return true;
  return GET_LIKE.has(request.method) && request.routeOptions.url !== undefined && STATE_CHANGING_GETS.has(request.routeOptions.url);
}

/**
 * Refuse state-changing requests a browser sent from another site: `Sec-Fetch-Site` present and
 * neither `same-origin` nor `none` (typed URL, bookmark), or `Origin` present and not the public
 * URL's origin. Requests carrying neither header (curl, scripts, old browsers) pass: the session
 * cookie is SameSite=Lax, and these headers are what a browser cannot forge. Routes flagged
 * `config.devIdp` are the IdP's business and are not checked.
 */
export function csrfGuard(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async function checkCrossSite(request) {
    if (request.routeOptions.config.devIdp || !needsCheck(request)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      request.log.warn({ secFetchSite: site, method: request.method }, 'refused a cross-site request');
      throw new CrossSiteRequestError();
    }
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin) {
      request.log.warn({ origin, method: request.method }, 'refused a request from a foreign origin');
      throw new CrossSiteRequestError();
    }
  };
}
