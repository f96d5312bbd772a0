/**
 * The invitation a signed-out visitor was about to accept, kept in session storage across the
 * sign-in round trip (docs/screens.md#join-page), so the join page can join automatically on return.
 */
export const PENDING_INVITATION_KEY = 'pendingInvitation';
/** The wait before a signed-in user with a pending invitation is joined automatically. */
export const AUTO_JOIN_DELAY_MS = 300;
/** The wait on the welcome view before going home. */
export const WELCOME_REDIRECT_MS = 3000;

export interface PendingInvitation {
  token: string;
  poolId: string;
  poolName: string;
  /** Milliseconds since the epoch when it was stored. */
  timestamp: number;
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function savePendingInvitation(store: SessionStore, pending: PendingInvitation): void {
  store.setItem(PENDING_INVITATION_KEY, JSON.stringify(pending));
}

/** The stored invitation, or null when there is none or it cannot be read. */
export function readPendingInvitation(store: SessionStore): PendingInvitation | null {
  const raw = store.getItem(PENDING_INVITATION_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingInvitation> | null;
    if (!value || typeof value.token !== 'string' || typeof value.poolId !== 'string') return null;
    return {
      token: value.token,
      poolId: value.poolId,
      poolName: typeof value.poolName === 'string' ? value.poolName : '',
      timestamp: typeof value.timestamp === 'number' ? value.timestamp : 0,
    };
  } catch {
    return null;
  }
}

/** True when a pending invitation for exactly this token is stored. */
export function hasPendingInvitationFor(store: SessionStore, token: string): boolean {
  return readPendingInvitation(store)?.token === token;
}

export function clearPendingInvitation(store: SessionStore): void {
  store.removeItem(PENDING_INVITATION_KEY);
}
