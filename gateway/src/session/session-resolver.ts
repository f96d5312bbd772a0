import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { EVENTS, HEADERS, RPC, resolveSessionReplySchema, type SessionUser } from '@powerpool/contracts';
import type { Bus, Subscription } from '@powerpool/service-kit';
import { SessionCache } from './session-cache.js';

/** What the gateway knows about the caller of one request. */
export type SessionState =
  | { status: 'signed-in'; user: SessionUser; sessionIdHash: string }
  | { status: 'signed-out' }
  /** A session cookie was sent but identity could not be asked (down or too slow). */
  | { status: 'unavailable' };

/** sha256 hex of a session id: the cache key, and `sessionIdHash` of `identity.session.ended`. */
export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/** How long the gateway waits for identity to resolve a session. */
const RESOLVE_TIMEOUT_MS = 3000;

export interface SessionResolverOptions {
  bus: Bus;
  ttlMs: number;
  maxEntries?: number;
  log: FastifyBaseLogger;
  /** The clock of the cache's expiry (ms); default Date.now. */
  now?: () => number;
}

export interface SessionResolver {
  /** Who owns `sessionId` (cache first, then identity over the bus). Never rejects. */
  resolve(sessionId: string | undefined, correlationId: string): Promise<SessionState>;
  readonly cache: SessionCache;
  /** Start listening for session and user events (fan-out: every gateway replica). */
  subscribe(): Promise<void>;
  /** Stop listening. */
  close(): Promise<void>;
}

/** Any `identity.user.*` event carries the user; only its id matters here. */
const userEventSchema = z.object({ user: z.object({ id: z.string() }) });
const sessionEndedSchema = EVENTS['identity.session.ended'];

/**
 * Resolves session cookies to users through identity (`rpc.identity.session.resolve`), caching
 * answers for `ttlMs`. Concurrent lookups of one session share one bus request. The cache drops a
 * session on `identity.session.ended` and all sessions of a user on `identity.user.*` (a role or
 * profile change must not wait for the TTL), and every session when the bus reconnects (events
 * sent meanwhile are lost to it).
 */
export function createSessionResolver(options: SessionResolverOptions): SessionResolver {
  const { bus, log } = options;
  const cache = new SessionCache({ ttlMs: options.ttlMs, maxEntries: options.maxEntries ?? 10_000, ...(options.now ? { now: options.now } : {}) });
  const inFlight = new Map<string, Promise<SessionState>>();
  const subscriptions: Subscription[] = [];
  const stopListening: Array<() => void> = [];

  async function ask(sessionId: string, hash: string, correlationId: string): Promise<SessionState> {
    const generation = cache.generation;
    let reply: z.infer<typeof resolveSessionReplySchema>;
    try {
      const raw = await bus.request(RPC.resolveSession, { sessionId }, { headers: { [HEADERS.correlationId]: correlationId }, timeoutMs: RESOLVE_TIMEOUT_MS });
      const parsed = resolveSessionReplySchema.safeParse(raw);
      if (!parsed.success) {
        log.error({ issues: parsed.error.issues }, 'identity answered a session lookup with an invalid reply');
        return { status: 'unavailable' };
      }
      reply = parsed.data;
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'could not resolve a session: identity did not answer');
      return { status: 'unavailable' };
    }
    // An eviction while we waited may concern this very session: use the answer, don't keep it.
    if (cache.generation === generation) cache.set(hash, reply.user);
    return reply.user ? { status: 'signed-in', user: reply.user, sessionIdHash: hash } : { status: 'signed-out' };
  }

  return {
    cache,

    async resolve(sessionId, correlationId) {
      if (!sessionId) return { status: 'signed-out' };
      const hash = hashSessionId(sessionId);
      const cached = cache.get(hash);
      if (cached) return cached.user ? { status: 'signed-in', user: cached.user, sessionIdHash: hash } : { status: 'signed-out' };
      const pending = inFlight.get(hash);
      if (pending) return pending;
      const lookup: Promise<SessionState> = ask(sessionId, hash, correlationId).finally(() => {
        if (inFlight.get(hash) === lookup) inFlight.delete(hash);
      });
      inFlight.set(hash, lookup);
      return lookup;
    },

    async subscribe() {
      // The eviction events come as plain subscriptions: any sent while the connection was down
      // are lost, so after a reconnect every cached answer is asked again.
      stopListening.push(
        bus.onReconnect(() => {
          log.info({ dropped: cache.size }, 'the bus reconnected: dropped the cached sessions (evictions may have been missed)');
          cache.clear();
        }),
      );
      // An event that does not parse is logged and dropped: an eviction cannot be acted on without its ids.
      const listen = async <T>({
        subject,
        schema,
        name,
        handle,
      }: {
        subject: string;
        schema: z.ZodType<T>;
        name: string;
        handle: (data: T, subject: string) => void;
      }) => {
        subscriptions.push(
          await bus.subscribe(subject, (msg) => {
            const parsed = schema.safeParse(msg.data);
            if (!parsed.success) {
              log.warn({ subject: msg.subject }, `ignored an invalid ${name} event`);
              return;
            }
            handle(parsed.data, msg.subject);
          }),
        );
      };
      await listen({
        subject: 'identity.session.ended',
        schema: sessionEndedSchema,
        name: 'identity.session.ended',
        handle: ({ sessionIdHash }) => {
          cache.evictSession(sessionIdHash);
          inFlight.delete(sessionIdHash);
        },
      });
      await listen({
        subject: 'identity.user.*',
        schema: userEventSchema,
        name: 'identity.user',
        handle: ({ user }, subject) => {
          const removed = cache.evictUser(user.id);
          if (removed > 0) log.debug({ subject, userId: user.id, removed }, 'dropped cached sessions of a changed user');
        },
      });
    },

    async close() {
      for (const stop of stopListening.splice(0)) stop();
      await Promise.all(subscriptions.splice(0).map((s) => s.unsubscribe()));
    },
  };
}
