import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { DomainError } from '@powerpool/service-kit';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';
const ONE_MINUTE_MS = 60_000;
/** Most keys (IPs, sessions) each limiter remembers; the least recently seen are dropped first. */
const KEYS_KEPT = 10_000;

export class RateLimitedError extends DomainError {
  constructor() {
    super('rate_limited', RATE_LIMITED_MESSAGE);
  }
}

/** A limiter: counts the request and throws `RateLimitedError` (after setting Retry-After) when over. */
export type Limiter = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Limiters {
  /**
   * Sign-in starts (`/api/login`, the routes flagged `signIn`): `signInPerMinute` per client IP.
   * The callback is not counted: it needs the state `/api/login` handed out and a code the
   * provider issues only after a good password, so counting it would only count successes.
   */
  signIn: Limiter;
  /**
   * Form posts to the dev IdP's sign-in and sign-up pages: `signInPerMinute` per client IP, a
   * bucket of its own (a sign-in is one start and one post, not two of either). A flood guard
   * only: wrong passwords are counted per account and IP by the dev IdP itself.
   */
  signInForms: Limiter;
  /** State-changing API requests: `writesPerMinute` per key (session, or IP when signed out). */
  writes: Limiter;
}

export interface RateLimitOptions {
  /** Sign-in starts per minute and client IP (and dev IdP form posts, counted apart). */
  signInPerMinute: number;
  writesPerMinute: number;
  /** The bucket of a state-changing request. */
  writesKey: (request: FastifyRequest) => Promise<string>;
}

/**
 * In-memory limits (@fastify/rate-limit). Each limiter is one shared bucket set, hooked onto the
 * routes it covers, so "120 writes a minute" counts across every write route, not per route.
 */
export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<Limiters> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new RateLimitedError(),
  });
  const signIn = app.rateLimit({ max: options.signInPerMinute, timeWindow: ONE_MINUTE_MS, cache: KEYS_KEPT });
  const signInForms = app.rateLimit({ max: options.signInPerMinute, timeWindow: ONE_MINUTE_MS, cache: KEYS_KEPT });
  const writes = app.rateLimit({ max: options.writesPerMinute, timeWindow: ONE_MINUTE_MS, cache: KEYS_KEPT, keyGenerator: options.writesKey });
  return {
    signIn: (request, reply) => signIn.call(app, request, reply) as Promise<void>,
    signInForms: (request, reply) => signInForms.call(app, request, reply) as Promise<void>,
    writes: (request, reply) => writes.call(app, request, reply) as Promise<void>,
  };
}
