import { managesPool } from '@powerpool/contracts';
import { ForbiddenError } from '@powerpool/service-kit';
import type { PoolsStore } from '../store/pools.store.js';
import type { PoolRow, UserRow } from '../store/schema.js';
import type { Caller } from './context.js';
import { PoolNotFoundError, UserNotFoundError } from './errors.js';

/** A super admin manages every pool; a pool commissioner only the pools they commission. */
export const canManage = (caller: Caller, pool: PoolRow): boolean => managesPool(caller, pool.poolCommissionerId);

/** The pool, if the caller may manage it: 404 unknown, 403 someone else's. */
export async function managedPool(store: PoolsStore, { caller, poolId, ...options }: { caller: Caller; poolId: string; lock?: boolean }): Promise<PoolRow> {
  const pool = options.lock ? await store.lockPool(poolId) : await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError();
  if (!canManage(caller, pool)) throw new ForbiddenError('Forbidden: you do not manage this pool');
  return pool;
}

/** The pool, if the caller manages it or is one of its (active) members. */
export async function visiblePool(store: PoolsStore, caller: Caller, poolId: string): Promise<PoolRow> {
  const pool = await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError();
  if (canManage(caller, pool)) return pool;
  const member = await store.findMember(poolId, caller.id);
  if (!member?.isActive) throw new ForbiddenError('Forbidden: you are not a member of this pool');
  return pool;
}

/**
 * What a super admin's change of who is in a pool starts from: the pool, locked until the
 * transaction ends (404 unknown), and the user as identity announced them (404 otherwise).
 */
export async function lockedPoolAndUser(store: PoolsStore, poolId: string, userId: string): Promise<{ pool: PoolRow; user: UserRow }> {
  const pool = await store.lockPool(poolId);
  if (!pool) throw new PoolNotFoundError();
  const user = await store.findUser(userId);
  if (!user) throw new UserNotFoundError();
  return { pool, user };
}
