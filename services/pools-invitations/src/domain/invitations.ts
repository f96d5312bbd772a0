import { randomBytes, randomUUID } from 'node:crypto';
import {
  type createInvitationBodySchema,
  INVITATION_DAYS_VALID_DEFAULT,
  INVITATION_DAYS_VALID_MAX,
  invitationStatusOf,
  POOL_MESSAGES,
  type Invitation,
  type PublicInvitation,
  type UseInvitationReply,
} from '@powerpool/contracts';
import { ValidationError } from '@powerpool/service-kit';
import type { z } from 'zod';
import type { PoolsStore } from '../store/pools.store.js';
import type { InvitationRow, PoolRow } from '../store/schema.js';
import { managedPool } from './access.js';
import { type Caller, type PoolsContext } from './context.js';
import { memberSnapshot, toInvitation } from './present.js';
import { AlreadyMemberError, InvitationGoneError, InvitationNotFoundError, PoolFullError } from './errors.js';

type CreateInvitationInput = z.output<typeof createInvitationBodySchema>;

const DAY_MS = 24 * 3_600_000;
/** 192 random bits (>= 128 required), base64url: 32 characters. */
const TOKEN_BYTES = 24;

export const newInvitationToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

const invitationNotFound = () => new InvitationNotFoundError();
const managedInvitationNotFound = () => new InvitationNotFoundError('Invitation not found');

/** expiresAt from daysValid (default 30) or an explicit ISO date (future, at most 365 days ahead). */
export function expiryOf(input: Pick<CreateInvitationInput, 'daysValid' | 'expiresAt'>, now: Date): Date {
  if (input.daysValid !== undefined && input.expiresAt !== undefined) {
    throw new ValidationError('Give either daysValid or expiresAt, not both', [
      { field: 'expiresAt', problem: 'give either daysValid or expiresAt, not both' },
    ]);
  }
  if (input.expiresAt === undefined) return new Date(now.getTime() + (input.daysValid ?? INVITATION_DAYS_VALID_DEFAULT) * DAY_MS);
  const at = new Date(input.expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw new ValidationError(POOL_MESSAGES.daysValidPositive, [{ field: 'expiresAt', problem: 'must be in the future' }]);
  }
  // A day of slack: the screen computes the date from whole days on the browser's clock.
  if (at.getTime() > now.getTime() + (INVITATION_DAYS_VALID_MAX + 1) * DAY_MS) {
    throw new ValidationError(`Invitations are valid for at most ${INVITATION_DAYS_VALID_MAX} days`, [
      { field: 'expiresAt', problem: `must be within ${INVITATION_DAYS_VALID_MAX} days` },
    ]);
  }
  return at;
}

/** POST /api/pools/{poolId}/invitations (the pool's commissioner or a super admin). */
export async function createInvitation(
  ctx: PoolsContext,
  { caller, poolId, input }: { caller: Caller; poolId: string; input: CreateInvitationInput },
): Promise<Invitation> {
  const now = ctx.now();
  const expiresAt = expiryOf(input, now);
  return ctx.uow.read(async (store) => {
    await managedPool(store, { caller, poolId });
    const row = await store.insertInvitation({
      id: randomUUID(),
      poolId,
      token: newInvitationToken(),
      notes: input.notes,
      maxUses: input.maxUses,
      currentUses: 0,
      expiresAt,
      isActive: true,
      createdBy: caller.id,
      createdAt: now,
      updatedAt: now,
    });
    return toInvitation(row);
  });
}

/** GET /api/pools/{poolId}/invitations: newest first. */
export async function listInvitations(ctx: PoolsContext, caller: Caller, poolId: string): Promise<Invitation[]> {
  return ctx.uow.read(async (store) => {
    await managedPool(store, { caller, poolId });
    return (await store.listInvitations(poolId)).map(toInvitation);
  });
}

async function managedInvitation(store: PoolsStore, caller: Caller, invitationId: string): Promise<InvitationRow> {
  const invitation = await store.findInvitation(invitationId);
  if (!invitation) throw managedInvitationNotFound();
  await managedPool(store, { caller, poolId: invitation.poolId });
  return invitation;
}

/** PUT /api/invitations/{invitationId}: activate or deactivate. */
export async function setInvitationActive(
  ctx: PoolsContext,
  caller: Caller,
  { invitationId, isActive }: { invitationId: string; isActive: boolean },
): Promise<Invitation> {
  return ctx.uow.read(async (store) => {
    const invitation = await managedInvitation(store, caller, invitationId);
    if (invitation.isActive === isActive) return toInvitation(invitation);
    const row = await store.updateInvitation(invitationId, { isActive, updatedAt: ctx.now() });
    if (!row) throw managedInvitationNotFound();
    return toInvitation(row);
  });
}

/** DELETE /api/invitations/{invitationId}. Members who joined through it stay. */
export async function deleteInvitation(ctx: PoolsContext, caller: Caller, invitationId: string): Promise<{ id: string }> {
  return ctx.uow.read(async (store) => {
    await managedInvitation(store, caller, invitationId);
    const row = await store.deleteInvitation(invitationId);
    if (!row) throw managedInvitationNotFound();
    return { id: row.id };
  });
}

/** GET /api/invitations/{token} (public): only what the join page shows. */
export async function getPublicInvitation(ctx: PoolsContext, token: string): Promise<PublicInvitation> {
  return ctx.uow.read(async (store) => {
    const invitation = await store.findInvitationByToken(token);
    if (!invitation) throw invitationNotFound();
    const pool = await store.findPool(invitation.poolId);
    if (!pool) throw invitationNotFound();
    return {
      poolId: pool.id,
      pool: { name: pool.name, description: pool.description, year: pool.year, poolType: pool.poolType },
      expiresAt: invitation.expiresAt.toISOString(),
      maxUses: invitation.maxUses,
      currentUses: invitation.currentUses,
      isActive: invitation.isActive,
      notes: invitation.notes,
      status: invitationStatusOf(invitation, ctx.now()),
    };
  });
}

/** Why an unusable invitation is refused, in the display status order. */
function refusal(invitation: InvitationRow, now: Date): InvitationGoneError | null {
  switch (invitationStatusOf(invitation, now)) {
    case 'deactivated':
      return new InvitationGoneError('invitation_deactivated', POOL_MESSAGES.invitationDeactivated);
    case 'expired':
      return new InvitationGoneError('invitation_expired', POOL_MESSAGES.invitationExpired);
    case 'limit_reached':
      return new InvitationGoneError('invitation_limit_reached', POOL_MESSAGES.invitationLimitReached);
    case 'active':
      return null;
  }
}

/**
 * POST /api/invitations/{token}/use: join the pool. Refusals, checked in this order: 404 unknown
 * token; 409 `already_member`; 410 deactivated, expired, limit reached; 409 `pool_full`.
 * One transaction holding the pool's row lock (so maxMembers holds), and the use is counted by a
 * conditional UPDATE (so currentUses never passes maxUses, whatever the concurrency).
 */
export async function useInvitation(ctx: PoolsContext, caller: Caller, token: string): Promise<UseInvitationReply> {
  const now = ctx.now();
  const found = await ctx.uow.read((store) => store.findInvitationByToken(token));
  if (!found) throw invitationNotFound();
  return ctx.uow.write(async (store, emit) => {
    const pool: PoolRow | undefined = await store.lockPool(found.poolId);
    const invitation = pool ? await store.findInvitation(found.id) : undefined;
    if (!pool || !invitation) throw invitationNotFound();
    if (await store.findMember(pool.id, caller.id)) throw new AlreadyMemberError();
    const gone = refusal(invitation, now);
    if (gone) throw gone;
    if ((await store.countMembers(pool.id)) >= pool.maxMembers) {
      throw new PoolFullError(pool.maxMembers);
    }
    const taken = await store.takeInvitationUse(invitation.id, now);
    if (!taken) throw refusal((await store.findInvitation(invitation.id)) ?? invitation, now) ?? invitationNotFound();
    await store.seedUser(caller);
    const member = await store.insertMember({
      poolId: pool.id,
      userId: caller.id,
      role: 'member',
      isActive: true,
      hasPaid: false,
      paymentNotes: null,
      notes: null,
      joinedAt: now,
      updatedAt: now,
    });
    if (!member) throw new AlreadyMemberError();
    await emit('pools.member.joined', { member: memberSnapshot(member, pool), via: 'invitation' });
    return { poolId: pool.id, poolName: pool.name, role: member.role, joinedAt: member.joinedAt.toISOString() };
  });
}
