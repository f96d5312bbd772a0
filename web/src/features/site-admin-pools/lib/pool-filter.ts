import type { PoolAdminDetails, PoolType } from '@powerpool/contracts';
import { matchesSearch } from '@/lib/search';

export type PoolTypeFilter = 'all' | PoolType;
export type PoolStatusFilter = 'all' | 'active' | 'inactive';

/** Global Pool Management search (name, commissioner name or email) and its type and status filters. */
export function filterAdminPools(pools: readonly PoolAdminDetails[], query: string, type: PoolTypeFilter, status: PoolStatusFilter): PoolAdminDetails[] {
  return pools.filter(
    (p) =>
      (type === 'all' || p.poolType === type) &&
      (status === 'all' || (status === 'active') === p.isActive) &&
      matchesSearch(query, [p.name, p.commissionerName, p.commissionerEmail]),
  );
}

/** "Pool permanently deleted. Removed {n} members, {n} invitations, and {n} games." */
export function deletedPoolText(result: { deletedMembers: number; deletedInvitations: number; deletedGames: number }): string {
  return `Pool permanently deleted. Removed ${result.deletedMembers} members, ${result.deletedInvitations} invitations, and ${result.deletedGames} games.`;
}

/** Only pool commissioners and super admins can be made a pool's commissioner. */
export function commissionerCandidates<T extends { role: string }>(users: readonly T[]): T[] {
  return users.filter((u) => u.role === 'pool_commissioner' || u.role === 'super_admin');
}
