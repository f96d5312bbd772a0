import { POOL_MESSAGES } from '@powerpool/contracts';

/** What the join page does with a failed POST /api/invitations/{token}/use (docs/screens.md#join-page). */
export type JoinFailure =
  /** 409 already a member: go home with no error. */
  | { kind: 'already-member' }
  /** 401: show the message; the join button then sends the user to sign in. */
  | { kind: 'signed-out'; message: string }
  | { kind: 'error'; message: string };

export interface JoinErrorInput {
  /** HTTP status, or undefined for a network failure. */
  status: number | undefined;
  code?: string | undefined;
  serverMessage?: string | undefined;
}

export function joinFailure({ status, code, serverMessage }: JoinErrorInput): JoinFailure {
  if (status === undefined) return { kind: 'error', message: 'Network error. Please check your connection and try again.' };
  if (status === 409 && (code === 'already_member' || serverMessage === POOL_MESSAGES.alreadyMember)) return { kind: 'already-member' };
  if (status === 401) return { kind: 'signed-out', message: POOL_MESSAGES.sessionExpired };
  if (status === 404) return { kind: 'error', message: POOL_MESSAGES.invitationNotFound };
  if (status === 410) {
    // Expired and deactivated invitations also answer 410, each with its own message.
    const own = code === 'invitation_expired' || code === 'invitation_deactivated' ? serverMessage : undefined;
    return { kind: 'error', message: own ?? POOL_MESSAGES.invitationLimitReached };
  }
  return { kind: 'error', message: serverMessage || `Failed to join pool (Status: ${status})` };
}
