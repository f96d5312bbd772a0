import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * The SPA's Content-Security-Policy: own scripts only; inline styles (React style props) allowed;
 * images from our own origin and data: only. Team logos are served by sports-data-staging from
 * our origin (GET /api/teams/{id}/logo, fetched once at the teams import), so no page loads an
 * image from the provider's host. (The staging venue gallery's ESPN photos are not mirrored: they
 * show their fallback tile.)
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
} as const;

/**
 * Helmet options for everything the gateway serves itself and proxies from /api. Referrer-Policy
 * is `same-origin` because invitation tokens live in URLs; HSTS only when PowerPool is served
 * over https (on http://localhost it would pin the browser to https).
 */
export function securityHeaders(publicUrl: string): FastifyHelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // X-Content-Type-Options: nosniff and the removal of X-Powered-By are helmet defaults.
  };
}

/** Route config that turns the gateway's security headers off (the dev IdP sends its own). */
export const NO_SECURITY_HEADERS = { helmet: { skipRoute: true } } as const;

/**
 * Browser features PowerPool never uses, turned off for its pages and anything framing or opened
 * from them (helmet has no Permissions-Policy). Only features browsers recognise: an unknown one
 * is logged as an error in the console.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Answers about a signed-in user must not be kept by the browser or a shared cache. */
export const API_CACHE_CONTROL = 'no-store';

/**
 * Call on the root instance. Permissions-Policy on everything the gateway serves, and
 * `Cache-Control: no-store` on every /api answer unless the service sets its own cache policy (the
 * proxy copies the service's headers over these defaults).
 */
export function responsePolicies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    const url = request.url;
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) reply.header('cache-control', API_CACHE_CONTROL);
  });
}
