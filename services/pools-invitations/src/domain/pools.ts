import { randomUUID } from 'node:crypto';
import {
  type createPoolBodySchema,
  displayNameOf,
  slugFromName,
  type DeletePoolReply,
  type Pool,
  type PoolAccessReply,
  type PoolAdminDetails,
  type UserPool,
  type WeeklyTiebreaker,
} from '@powerpool/contracts';
import { ForbiddenError } from '@powerpool/service-kit';
import type { z } from 'zod';
import type { MemberRow, PoolRow } from '../store/schema.js';
import { lockedPoolAndUser, managedPool, visiblePool } from './access.js';
import { type Caller, type PoolsContext } from './context.js';
import { memberSnapshot, toPool } from './present.js';
import { NotEligibleCommissionerError, PoolNotFoundError, SlugTakenError } from './errors.js';
import { defaultPoolYear } from './seasons.js';

type CreatePoolInput = z.output<typeof createPoolBodySchema>;

/** Used when a name holds nothing the slug rule keeps (e.g. only punctuation). */
const FALLBACK_SLUG = 'pool';

/** The first of `base`, `base-2`, `base-3`, ... not in `taken`. */
export function firstFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

function adminMember(poolId: string, userId: string, now: Date): MemberRow {
  return { poolId, userId, role: 'admin', isActive: true, hasPaid: false, paymentNotes: null, notes: null, joinedAt: now, updatedAt: now };
}

/**
 * POST /api/pools (pool_commissioner or super_admin). The creator becomes the pool's commissioner
 * and its admin member. Without a year, the pool is for the current season (defaultPoolYear). A
 * blank slug is derived from the name and made unique with -2, -3, ...; a slug given explicitly
 * (normalised by the same rule) must be free.
 */
export async function createPool(ctx: PoolsContext, caller: Caller, input: CreatePoolInput): Promise<Pool> {
  const now = ctx.now();
  const given = input.slug ? slugFromName(input.slug) : '';
  const base = given || slugFromName(input.name) || FALLBACK_SLUG;
  return ctx.uow.write(async (store, emit) => {
    await store.seedUser(caller);
    const slug = given ? given : firstFreeSlug(base, await store.slugsLike(base));
    const row: PoolRow = {
      id: randomUUID(),
      name: input.name,
      description: input.description,
      year: input.year ?? defaultPoolYear(await store.listSeasons(), now),
      allowsPreseason: input.allowsPreseason,
      allowsRegularSeason: input.allowsRegularSeason,
      allowsPostseason: input.allowsPostseason,
      maxMembers: input.maxMembers,
      isPublic: input.isPublic,
      slug,
      isActive: input.isActive,
      poolType: input.poolType,
      weeklyTiebreaker: input.weeklyTiebreaker,
      poolCommissionerId: caller.id,
      createdAt: now,
      updatedAt: now,
    };
    const pool = await store.insertPool(row);
    if (!pool) throw new SlugTakenError(slug);
    const member = await store.insertMember(adminMember(pool.id, caller.id, now));
    await emit('pools.pool.created', { pool: toPool(pool) });
    if (member) await emit('pools.member.joined', { member: memberSnapshot(member, pool), via: 'creation' });
    return toPool(pool);
  });
}

/** PUT /api/pools/{poolId}/activate (the pool's commissioner or a super admin). Idempotent. */
export async function activatePool(ctx: PoolsContext, caller: Caller, poolId: string): Promise<Pool> {
  return ctx.uow.write(async (store, emit) => {
    const pool = await managedPool(store, { caller, poolId, lock: true });
    if (pool.isActive) return toPool(pool);
    const row = await store.updatePool(poolId, { isActive: true, updatedAt: ctx.now() });
    if (!row) throw new PoolNotFoundError();
    await emit('pools.pool.updated', { pool: toPool(row) });
    return toPool(row);
  });
}

/**
 * PUT /api/pools/{poolId}/weekly-tiebreaker (the pool's commissioner or a super admin). It applies to
 * the weeks published after the change: a published week keeps the game fixed then
 * (docs/cross-service-decisions.md). Idempotent.
 */
export async function setWeeklyTiebreaker(
  ctx: PoolsContext,
  { caller, poolId, weeklyTiebreaker }: { caller: Caller; poolId: string; weeklyTiebreaker: WeeklyTiebreaker },
): Promise<Pool> {
  return ctx.uow.write(async (store, emit) => {
    const pool = await managedPool(store, { caller, poolId, lock: true });
    if (pool.weeklyTiebreaker === weeklyTiebreaker) return toPool(pool);
    const row = await store.updatePool(poolId, { weeklyTiebreaker, updatedAt: ctx.now() });
    if (!row) throw new PoolNotFoundError();
    await emit('pools.pool.updated', { pool: toPool(row) });
    return toPool(row);
  });
}

/** GET /api/pools/{poolId}: its managers and its active members. */
export async function getPool(ctx: PoolsContext, caller: Caller, poolId: string): Promise<Pool> {
  return ctx.uow.read(async (store) => toPool(await visiblePool(store, caller, poolId)));
}

/** GET /api/pools/owned: a commissioner's own pools; every pool for a super admin. */
export async function listOwnedPools(ctx: PoolsContext, caller: Caller): Promise<Pool[]> {
  return ctx.uow.read(async (store) => {
    if (caller.role === 'super_admin') return (await store.listPools()).map(toPool);
    if (caller.role === 'pool_commissioner') return (await store.listPoolsByCommissioner(caller.id)).map(toPool);
    throw new ForbiddenError('Forbidden: pool commissioner access required');
  });
}

/** GET /api/user/pools: the pools the caller belongs to (active membership). */
export async function listUserPools(ctx: PoolsContext, caller: Caller): Promise<UserPool[]> {
  const rows = await ctx.uow.read((store) => store.listPoolsOfUser(caller.id));
  return rows.map(({ pool, role }) => ({ ...toPool(pool), memberRole: role }));
}

/** GET /api/admin/pools/all (super admin). */
export async function listAllPools(ctx: PoolsContext): Promise<Pool[]> {
  return (await ctx.uow.read((store) => store.listPools())).map(toPool);
}

/**
 * GET /api/admin/pools/details (super admin): every pool with counts, its commissioner and the
 * state of its current week, which weeks-workflow tells (one request for all pools). Without an
 * answer from weeks-workflow the cards still load, every currentWeekState null.
 */
export async function listPoolAdminDetails(ctx: PoolsContext, trace: { correlationId?: string } = {}): Promise<PoolAdminDetails[]> {
  return ctx.uow.read(async (store) => {
    const pools = await store.listPools();
    // Asked while the counts below are read; the port never rejects.
    const weeksAnswer = ctx.weeks.summary(
      pools.map((p) => p.id),
      trace,
    );
    const activity = new Map((await store.poolActivity()).map((a) => [a.poolId, a]));
    const commissioners = new Map((await store.findUsers([...new Set(pools.map((p) => p.poolCommissionerId))])).map((u) => [u.id, u]));
    const weeks = await weeksAnswer;
    return pools.map((pool) => {
      const a = activity.get(pool.id);
      const c = commissioners.get(pool.poolCommissionerId);
      const last = [pool.updatedAt, a?.lastMemberChange ?? null].filter((d): d is Date => d !== null).sort((x, y) => y.getTime() - x.getTime())[0];
      return {
        id: pool.id,
        name: pool.name,
        description: pool.description,
        poolType: pool.poolType,
        isActive: pool.isActive,
        year: pool.year,
        maxMembers: pool.maxMembers,
        memberCount: a?.memberCount ?? 0,
        activeMemberCount: a?.activeMemberCount ?? 0,
        commissionerName: c ? displayNameOf(c) : null,
        commissionerEmail: c?.email ?? null,
        lastActivity: last ? last.toISOString() : null,
        currentWeekState: weeks?.get(pool.id)?.currentWeekState ?? null,
        poolCommissionerId: pool.poolCommissionerId,
        createdAt: pool.createdAt.toISOString(),
      };
    });
  });
}

/**
 * PUT /api/admin/pools/{poolId}/commissioner (super admin). The new commissioner must have the
 * role pool_commissioner or super_admin (400 otherwise); they become the pool's admin member and
 * the previous commissioner stays on as a plain member.
 */
export async function changeCommissioner(ctx: PoolsContext, poolId: string, userId: string): Promise<Pool> {
  const now = ctx.now();
  return ctx.uow.write(async (store, emit) => {
    const { pool, user } = await lockedPoolAndUser(store, poolId, userId);
    if (user.role !== 'pool_commissioner' && user.role !== 'super_admin') {
      throw new NotEligibleCommissionerError(userId, user.role);
    }
    if (pool.poolCommissionerId === userId) return toPool(pool);
    const previousCommissionerId = pool.poolCommissionerId;
    const updated = await store.updatePool(poolId, { poolCommissionerId: userId, updatedAt: now });
    if (!updated) throw new PoolNotFoundError();

    const demoted = await store.findMember(poolId, previousCommissionerId);
    if (demoted?.role === 'admin') {
      const row = await store.updateMember(poolId, previousCommissionerId, { role: 'member', updatedAt: now });
      if (row) await emit('pools.member.updated', { member: memberSnapshot(row, updated) });
    }
    const existing = await store.findMember(poolId, userId);
    if (existing) {
      const row = await store.updateMember(poolId, userId, { role: 'admin', isActive: true, updatedAt: now });
      if (row) await emit('pools.member.updated', { member: memberSnapshot(row, updated) });
    } else {
      const row = await store.insertMember(adminMember(poolId, userId, now));
      if (row) await emit('pools.member.joined', { member: memberSnapshot(row, updated), via: 'commissioner-change' });
    }
    await emit('pools.commissioner.changed', { pool: toPool(updated), previousCommissionerId });
    await emit('pools.pool.updated', { pool: toPool(updated) });
    return toPool(updated);
  });
}

/**
 * DELETE /api/admin/pools/{poolId} (super admin): members and invitations go here; other services
 * delete their part (games, picks, week states) on `pools.pool.deleted`. deletedGames is the
 * number of pool games weeks-workflow says the pool has published, asked before the deletion (it
 * deletes them when it consumes the event); 0 when weeks-workflow does not answer, and the pool is
 * deleted all the same.
 */
export async function deletePool(ctx: PoolsContext, poolId: string, trace: { correlationId?: string } = {}): Promise<DeletePoolReply> {
  if (!(await ctx.uow.read((store) => store.findPool(poolId)))) throw new PoolNotFoundError();
  // Asked before the write, not inside it: waiting on the bus there would hold the pool's row lock
  // and a connection (on PGlite, in embedded mode, the one connection weeks-workflow needs to answer).
  const weeks = await ctx.weeks.summary([poolId], trace);
  const deletedGames = weeks?.get(poolId)?.publishedGames ?? 0;
  const now = ctx.now();
  return ctx.uow.write(async (store, emit) => {
    const pool = await store.lockPool(poolId);
    if (!pool) throw new PoolNotFoundError();
    const counts = await store.deletePool(poolId);
    await emit('pools.pool.deleted', { pool: toPool(pool), deletedAt: now.toISOString(), ...counts });
    return { ...counts, deletedGames };
  });
}

/**
 * rpc.pools.pool.access: the pool and one person's membership as they are now, in the shape of
 * the events (null when there is none), for a service whose lagging copy refused them.
 */
export async function poolAccessSnapshot(ctx: PoolsContext, poolId: string, userId: string): Promise<PoolAccessReply> {
  return ctx.uow.read(async (store) => {
    const pool = await store.findPool(poolId);
    if (!pool) return { pool: null, member: null };
    const member = await store.findMember(poolId, userId);
    return { pool: toPool(pool), member: member ? memberSnapshot(member, pool) : null };
  });
}
