import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { RATE_LIMITED_MESSAGE, RateLimitedError, type Limiter } from './rate-limits.js';

/** The page's own policy: no scripts, its inline style only (the /dev-idp routes get no gateway headers). */
export const RATE_LIMITED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** "about 40 seconds", "about 3 minutes". */
function waitText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'a moment';
  if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`;
  return `about ${Math.ceil(seconds / 60)} minutes`;
}

/** A readable page for a browser that hit a limit while signing in: what happened, and a way back. */
export function rateLimitedPage(retryAfterSeconds: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Too many sign-in attempts · PowerPool</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;max-width:28rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.25rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1rem;margin-right:1rem;color:#fff;background:#1d4ed8;padding:.6rem 1rem;border-radius:8px;text-decoration:none}
a.secondary{background:#e2e8f0;color:#0f172a}</style></head>
<body><main><h1>We couldn't sign you in just now</h1><p>${RATE_LIMITED_MESSAGE}</p>
<p>Too many sign-in requests came from your network. You can sign in again in ${waitText(retryAfterSeconds)}.</p>
<a href="/api/login">Sign in again</a><a class="secondary" href="/">Go to Home</a></main></body></html>`;
}

function sendPage(reply: FastifyReply): FastifyReply {
  const retryAfter = Number(reply.getHeader('retry-after'));
  return reply
    .code(429)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', RATE_LIMITED_PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .send(rateLimitedPage(retryAfter));
}

/**
 * The limiter for a browser navigation (the sign-in routes, the dev IdP's pages): over the limit,
 * the browser gets a page with a way back instead of raw JSON; still 429 with Retry-After. API
 * calls (fetch/XHR) keep the limiter as it is, and its JSON `{ error: 'rate_limited', message }`.
 */
export function limitWithPage(limiter: Limiter): onRequestAsyncHookHandler {
  return async function limitNavigation(request, reply) {
    try {
      await limiter(request, reply);
    } catch (err) {
      if (!(err instanceof RateLimitedError)) throw err;
      request.log.info({ path: request.url.split('?')[0] }, 'sign-in rate limit reached');
      return sendPage(reply);
    }
    return undefined;
  };
}
