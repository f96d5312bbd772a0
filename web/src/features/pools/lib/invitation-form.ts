import { INVITATION_DAYS_VALID_MAX, INVITATION_DAYS_VALID_MIN, POOL_MESSAGES } from '@powerpool/contracts';

/** Create invitation rules (docs/screens.md#pool-management); the bounds are the contract's. */

export interface InvitationFormInput {
  daysValid: string;
  maxUses: string;
  notes: string;
}

export interface InvitationFormBody {
  notes: string | null;
  maxUses: number | null;
  expiresAt: string;
}

export type InvitationFormResult = { ok: true; body: InvitationFormBody } | { ok: false; message: string };

/** Validates the form and builds the request body; expiresAt is now + daysValid days. */
export function buildInvitationBody(input: InvitationFormInput, now: Date = new Date()): InvitationFormResult {
  const daysValid = Number(input.daysValid);
  if (!input.daysValid.trim() || !Number.isFinite(daysValid) || daysValid <= 0) {
    return { ok: false, message: POOL_MESSAGES.daysValidPositive };
  }
  let maxUses: number | null = null;
  if (input.maxUses.trim()) {
    const parsed = Number(input.maxUses);
    if (!Number.isFinite(parsed) || parsed <= 0) return { ok: false, message: POOL_MESSAGES.maxUsesPositive };
    maxUses = Math.floor(parsed);
  }
  const days = Math.min(Math.floor(daysValid), INVITATION_DAYS_VALID_MAX) || INVITATION_DAYS_VALID_MIN;
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
  return { ok: true, body: { notes: input.notes.trim() || null, maxUses, expiresAt } };
}
