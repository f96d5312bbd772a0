import { sportsEndpoints as api } from '@powerpool/contracts';
import { route, type ServiceApp } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { teamLogo } from '../domain/logos.js';

/** A versioned logo URL (`?v={hash}`) names one image forever: browsers and caches keep it a year. */
export const LOGO_IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The unversioned URL follows the newest logo: cacheable, but checked again (ETag) on every use. */
export const LOGO_REVALIDATE_CACHE = 'public, no-cache';
/**
 * The logo's own Content-Security-Policy: an image opened on its own (an SVG, above all) can load
 * nothing, run no script and is a sandboxed document. Inline styles stay allowed for SVG drawing.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function registerLogoRoutes(app: ServiceApp, ctx: SportsContext): void {
  route(app, api.teamLogo, async (req, reply) => {
    const logo = await teamLogo(ctx, req.params.teamEspnId, req.query.v);
    const etag = `"${logo.hash}"`;
    reply.headers({
      'content-type': logo.contentType,
      'cache-control': req.query.v ? LOGO_IMMUTABLE_CACHE : LOGO_REVALIDATE_CACHE,
      etag,
      'x-content-type-options': 'nosniff',
      'content-security-policy': LOGO_CSP,
      'cross-origin-resource-policy': 'same-origin',
    });
    const match = req.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    return reply.send(logo.bytes);
  });
}
