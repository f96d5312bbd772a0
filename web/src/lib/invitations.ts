import { invitationStatusOf } from '@powerpool/contracts';
import type { InvitationStatus } from '@powerpool/contracts';

/**
 * Invitation presentation shared by the commissioner's invitations panel and the join page. The
 * rule itself (docs/screens.md#join-page) is the contract's `invitationStatusOf`, also used by the server.
 */

type StatusInput = Parameters<typeof invitationStatusOf>[0];

/** Display labels, in the order the rule evaluates them. */
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  deactivated: 'Deactivated',
  expired: 'Expired',
  limit_reached: 'Limit Reached',
  active: 'Active',
};

/** Deactivated, Expired, Limit Reached or Active (evaluated in that order). */
export function invitationDisplayStatus(invitation: StatusInput, now: Date = new Date()): string {
  return INVITATION_STATUS_LABELS[invitationStatusOf(invitation, now)];
}

/** Usable only if active, not expired and below its maximum uses. */
export function isInvitationUsable(invitation: StatusInput, now: Date = new Date()): boolean {
  return invitationStatusOf(invitation, now) === 'active';
}

/** "3 / 10", or "3 / Unlimited" without a maximum. */
export function invitationUsageText(invitation: { maxUses: number | null; currentUses: number }): string {
  return `${invitation.currentUses} / ${invitation.maxUses ?? 'Unlimited'}`;
}

/** The link people open to join: `{origin}/join/{token}` (docs/screens.md#pool-management). */
export function invitationLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/join/${encodeURIComponent(token)}`;
}
