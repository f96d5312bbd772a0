import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import { signInProblemPage } from '@powerpool/service-kit';
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
  return signInProblemPage({
    title: 'Too many sign-in attempts',
    heading: "We couldn't sign you in just now",
    paragraphs: [RATE_LIMITED_MESSAGE, `Too many sign-in requests came from your network. You can sign in again in ${waitText(retryAfterSeconds)}.`],
  });
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
