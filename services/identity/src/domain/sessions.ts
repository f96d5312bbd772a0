import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@powerpool/contracts';
import type { IdentityContext } from './context.js';

/** last_seen_at is written at most this often per session (idle expiry needs no finer grain). */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** A new session id: 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex');
}

export function isSessionExpired(ctx: IdentityContext, session: { expiresAt: Date; lastSeenAt: Date }, now: Date): boolean {
  return session.expiresAt <= now || session.lastSeenAt.getTime() + ctx.config.session.idleTimeoutMs <= now.getTime();
}

/**
 * Start a session for a user who just signed in. A session the browser already carried is ended
 * first (a new id at every sign-in: no session fixation).
 */
export async function startSession(
  ctx: IdentityContext,
  { userId, idToken, previousSessionId }: { userId: string; idToken: string | null; previousSessionId?: string },
): Promise<{ sessionId: string; expiresAt: Date }> {
  if (previousSessionId) await endSession(ctx, previousSessionId);
  const now = ctx.now();
  const sessionId = newSessionId();
  const expiresAt = new Date(now.getTime() + ctx.config.session.absoluteTimeoutMs);
  await ctx.uow.write((store) => store.insertSession({ idHash: hashSessionId(sessionId), userId, createdAt: now, lastSeenAt: now, expiresAt, idToken }));
  return { sessionId, expiresAt };
}

/** Who a session belongs to, or null when unknown or expired (an expired one is removed). */
export async function resolveSession(ctx: IdentityContext, sessionId: string): Promise<SessionUser | null> {
  if (!sessionId || sessionId.length > 200) return null;
  const idHash = hashSessionId(sessionId);
  const found = await ctx.uow.read((store) => store.findSessionWithUser(idHash));
  if (!found) return null;
  const now = ctx.now();
  if (isSessionExpired(ctx, found.session, now)) {
    await endSessionByHash(ctx, idHash);
    return null;
  }
  if (now.getTime() - found.session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) await ctx.uow.read((store) => store.touchSession(idHash, now));
  return { id: found.user.id, email: found.user.email, role: found.user.role };
}

async function endSessionByHash(ctx: IdentityContext, idHash: string): Promise<{ idToken: string | null } | null> {
  const ended = await ctx.uow.write(async (store, emit) => {
    const row = await store.deleteSession(idHash);
    if (row) await emit('identity.session.ended', { sessionIdHash: idHash, userId: row.userId });
    return row;
  });
  return ended ? { idToken: ended.idToken } : null;
}

/** End a session (sign-out). Returns the id token kept for provider logout, if any. */
export function endSession(ctx: IdentityContext, sessionId: string): Promise<{ idToken: string | null } | null> {
  return endSessionByHash(ctx, hashSessionId(sessionId));
}

/** Remove expired sessions and sign-in attempts; gateways are told which sessions ended. */
export async function purgeExpired(ctx: IdentityContext): Promise<number> {
  const now = ctx.now();
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleTimeoutMs);
  return ctx.uow.write(async (store, emit) => {
    const rows = await store.deleteExpiredSessions(now, idleCutoff);
    for (const row of rows) await emit('identity.session.ended', { sessionIdHash: row.idHash, userId: row.userId });
    await store.deleteExpiredLoginAttempts(now);
    return rows.length;
  });
}
