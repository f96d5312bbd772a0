import { displayNameOf, type Invitation, type MemberEventSnapshot, type Pool, type PoolMemberDetails, type PoolMemberShort } from '@powerpool/contracts';
import type { MemberWithUser } from '../store/pools.store.js';
import type { InvitationRow, MemberRow, PoolRow } from '../store/schema.js';

export function toPool(row: PoolRow): Pool {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    year: row.year,
    allowsPreseason: row.allowsPreseason,
    allowsRegularSeason: row.allowsRegularSeason,
    allowsPostseason: row.allowsPostseason,
    maxMembers: row.maxMembers,
    isPublic: row.isPublic,
    slug: row.slug,
    isActive: row.isActive,
    poolType: row.poolType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    poolCommissionerId: row.poolCommissionerId,
    weeklyTiebreaker: row.weeklyTiebreaker,
  };
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    poolId: row.poolId,
    invitationToken: row.token,
    notes: row.notes,
    maxUses: row.maxUses,
    currentUses: row.currentUses,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    isActive: row.isActive,
  };
}

export function toMemberDetails({ member, user }: MemberWithUser): PoolMemberDetails {
  const email = user?.email ?? '';
  return {
    userId: member.userId,
    email,
    displayName: user?.displayName ?? null,
    firstName: user?.firstName ?? null,
    lastName: user?.lastName ?? null,
    name: displayNameOf({ email, displayName: user?.displayName, firstName: user?.firstName, lastName: user?.lastName }),
    profileImageUrl: null,
    role: member.role,
    userRole: user?.role ?? 'user',
    isActive: member.isActive,
    hasPaid: member.hasPaid,
    paymentNotes: member.paymentNotes,
    notes: member.notes,
    lastActive: member.updatedAt.toISOString(),
    joinedAt: member.joinedAt.toISOString(),
  };
}

/** The short form; `withEmail` only for the pool's managers (other members see names only). */
export function toMemberShort(m: MemberWithUser, options: { withEmail: boolean }): PoolMemberShort {
  const d = toMemberDetails(m);
  return options.withEmail ? { userId: d.userId, displayName: d.name, email: d.email } : { userId: d.userId, displayName: d.name };
}

/** The membership snapshot events carry; `at` is the time of the change reported. */
export function memberSnapshot(member: MemberRow, pool: PoolRow, at: Date = member.updatedAt): MemberEventSnapshot {
  return {
    poolId: member.poolId,
    poolName: pool.name,
    userId: member.userId,
    role: member.role,
    isActive: member.isActive,
    hasPaid: member.hasPaid,
    paymentNotes: member.paymentNotes,
    notes: member.notes,
    joinedAt: member.joinedAt.toISOString(),
    updatedAt: at.toISOString(),
  };
}
