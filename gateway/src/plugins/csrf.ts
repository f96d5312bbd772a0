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

/** The origin of a Referer, or null when it is not an absolute http(s) URL. */
function refererOrigin(referer: string): string | null {
  if (!URL.canParse(referer)) return null;
  const url = new URL(referer);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
}

/**
 * Refuse state-changing requests a browser sent from another site. The rule, from the OWASP
 * Cross-Site Request Forgery Prevention Cheat Sheet ("Verifying Origin With Standard Headers",
 * "Fetch Metadata"), as Rails (`verify_authenticity_token`'s origin check) and Django
 * (`CsrfViewMiddleware`: Origin, else Referer) do it:
 *
 * 1. `Sec-Fetch-Site` present: only `same-origin` and `none` (typed URL, bookmark) pass;
 *    `same-site` and `cross-site` are refused.
 * 2. `Origin` present: it must be the public URL's origin (`null` is refused).
 * 3. No `Origin`: the `Referer` decides; its origin must be the public URL's origin, and a
 *    Referer that is not an absolute http(s) URL is refused.
 * 4. Neither `Origin` nor `Referer` (nor a cross-site `Sec-Fetch-Site`): passed. Every browser
 *    that carries a cookie cross-site sends `Origin` on POST/PUT/PATCH/DELETE, or `Referer`
 *    (our `Referrer-Policy: same-origin` strips it only on cross-origin requests, which then
 *    carry `Origin` or `Sec-Fetch-Site`); a request with none of them comes from a non-browser
 *    client (curl, scripts) that holds the cookie itself and cannot ride on a victim's. The
 *    session cookie is also `SameSite=Lax`.
 *
 * All refusals are the same 403 `cross_site_request`. Routes flagged `config.devIdp` are the
 * IdP's business and are not checked.
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
    if (origin !== undefined) {
      if (origin === publicOrigin) return;
      request.log.warn({ origin, method: request.method }, 'refused a request from a foreign origin');
      throw new CrossSiteRequestError();
    }
    const referer = request.headers.referer;
    if (referer === undefined) return;
    const refererFrom = refererOrigin(referer);
    if (refererFrom !== publicOrigin) {
      // Only the origin is logged: a Referer's path and query may carry tokens.
      request.log.warn({ refererOrigin: refererFrom ?? 'malformed', method: request.method }, 'refused a request with a foreign or malformed Referer');
      throw new CrossSiteRequestError();
    }
  };
}
