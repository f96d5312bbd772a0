import { RECENT_JOINS_DAYS, type updateMemberBodySchema, type MemberStats, type PoolMemberDetails, type PoolMemberShort } from '@powerpool/contracts';

import type { z } from 'zod';
import type { MemberWithUser, PoolsStore } from '../store/pools.store.js';
import type { MemberRow, PoolRow } from '../store/schema.js';
import { canManage, lockedPoolAndUser, managedPool, visiblePool } from './access.js';
import { type Caller, type Emit, type PoolsContext } from './context.js';
import { memberSnapshot, toMemberDetails, toMemberShort } from './present.js';
import { AlreadyMemberError, CannotRemoveCommissionerError, MemberNotFoundError, PoolFullError, PoolNotFoundError } from './errors.js';

type UpdateMemberInput = z.output<typeof updateMemberBodySchema>;

const DAY_MS = 24 * 3_600_000;

/** GET /api/pools/{poolId}/members/details (the pool's managers). */
export async function listMemberDetails(ctx: PoolsContext, caller: Caller, poolId: string): Promise<PoolMemberDetails[]> {
  return ctx.uow.read(async (store) => {
    await managedPool(store, { caller, poolId });
    return (await store.listMembers(poolId)).map(toMemberDetails);
  });
}

/**
 * GET /api/pools/{poolId}/members: the active members, short form (managers and members). E-mail
 * addresses are the managers' to see; a member gets the other members' names only.
 */
export async function listMembersShort(ctx: PoolsContext, caller: Caller, poolId: string): Promise<PoolMemberShort[]> {
  return ctx.uow.read(async (store) => {
    const pool = await visiblePool(store, caller, poolId);
    const withEmail = canManage(caller, pool);
    return (await store.listMembers(poolId)).filter((m) => m.member.isActive).map((m) => toMemberShort(m, { withEmail }));
  });
}

/** The stat cards' numbers over a pool's member rows. */
export function memberStatsOf(members: readonly MemberRow[], now: Date): MemberStats {
  const since = now.getTime() - RECENT_JOINS_DAYS * DAY_MS;
  const count = (f: (m: MemberRow) => boolean) => members.filter(f).length;
  return {
    totalMembers: members.length,
    activeMembers: count((m) => m.isActive),
    inactiveMembers: count((m) => !m.isActive),
    recentJoins: count((m) => m.joinedAt.getTime() >= since),
    membersWithPayment: count((m) => m.hasPaid),
    adminCount: count((m) => m.role === 'admin'),
    memberCount: count((m) => m.role === 'member'),
  };
}

/** GET /api/pools/{poolId}/members/stats. */
export async function memberStats(ctx: PoolsContext, caller: Caller, poolId: string): Promise<MemberStats> {
  return ctx.uow.read(async (store) => {
    await managedPool(store, { caller, poolId });
    return memberStatsOf(
      (await store.listMembers(poolId)).map((m) => m.member),
      ctx.now(),
    );
  });
}

async function detailsOf(store: PoolsStore, member: MemberRow): Promise<PoolMemberDetails> {
  const user = (await store.findUser(member.userId)) ?? null;
  return toMemberDetails({ member, user } satisfies MemberWithUser);
}

/** PATCH /api/pools/{poolId}/members/{userId}: isActive, hasPaid, paymentNotes, notes. */
export async function updateMember(
  ctx: PoolsContext,
  caller: Caller,
  { poolId, userId, patch }: { poolId: string; userId: string; patch: UpdateMemberInput },
): Promise<PoolMemberDetails> {
  return ctx.uow.write(async (store, emit) => {
    const pool = await managedPool(store, { caller, poolId, lock: true });
    const existing = await store.findMember(poolId, userId);
    if (!existing) throw new MemberNotFoundError();
    const changes = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && existing[k as keyof MemberRow] !== v)) as Partial<MemberRow>;
    if (Object.keys(changes).length === 0) return detailsOf(store, existing);
    const row = await store.updateMember(poolId, userId, { ...changes, updatedAt: ctx.now() });
    if (!row) throw new MemberNotFoundError();
    await emit('pools.member.updated', { member: memberSnapshot(row, pool) });
    return detailsOf(store, row);
  });
}

async function removeFrom(
  store: PoolsStore,
  emit: Emit,
  { pool, userId, now }: { pool: PoolRow; userId: string; now: Date },
): Promise<{ poolId: string; userId: string }> {
  if (pool.poolCommissionerId === userId) throw new CannotRemoveCommissionerError();
  const row = await store.deleteMember(pool.id, userId);
  if (!row) throw new MemberNotFoundError();
  await emit('pools.member.removed', { member: memberSnapshot(row, pool, now) });
  return { poolId: pool.id, userId };
}

/** DELETE /api/pools/{poolId}/members/remove/{userId} (the pool's managers). */
export async function removeMember(
  ctx: PoolsContext,
  { caller, poolId, userId }: { caller: Caller; poolId: string; userId: string },
): Promise<{ poolId: string; userId: string }> {
  return ctx.uow.write(async (store, emit) => {
    const pool = await managedPool(store, { caller, poolId, lock: true });
    return removeFrom(store, emit, { pool, userId, now: ctx.now() });
  });
}

/**
 * POST /api/admin/users/{userId}/pools/{poolId} (super admin): add a known user as a member.
 * 404 for a user identity has not announced, 409 already a member or the pool is full.
 */
export async function addUserToPool(ctx: PoolsContext, userId: string, poolId: string): Promise<PoolMemberDetails> {
  const now = ctx.now();
  return ctx.uow.write(async (store, emit) => {
    const { pool, user } = await lockedPoolAndUser(store, poolId, userId);
    if (await store.findMember(poolId, userId)) throw new AlreadyMemberError('The user is already a member of this pool');
    if ((await store.countMembers(poolId)) >= pool.maxMembers) throw new PoolFullError(pool.maxMembers);
    const member = await store.insertMember({
      poolId,
      userId,
      role: 'member',
      isActive: true,
      hasPaid: false,
      paymentNotes: null,
      notes: null,
      joinedAt: now,
      updatedAt: now,
    });
    if (!member) throw new AlreadyMemberError('The user is already a member of this pool');
    await emit('pools.member.joined', { member: memberSnapshot(member, pool), via: 'admin' });
    return toMemberDetails({ member, user });
  });
}

/** DELETE /api/admin/users/{userId}/pools/{poolId} (super admin). */
export async function removeUserFromPool(ctx: PoolsContext, userId: string, poolId: string): Promise<{ poolId: string; userId: string }> {
  return ctx.uow.write(async (store, emit) => {
    const pool = await store.lockPool(poolId);
    if (!pool) throw new PoolNotFoundError();
    return removeFrom(store, emit, { pool, userId, now: ctx.now() });
  });
}
