import type { GlobalUser } from '@powerpool/contracts';
import { matchesSearch } from '@/lib/search';

/** 'all', 'unassigned' (in no pool) or a pool id. */
export type UserPoolFilter = string;
export const ALL_USERS = 'all';
export const UNASSIGNED_USERS = 'unassigned';

/** Global user search (email, display, first and last name) and the pool filter (docs/screens.md#site-admin). */
export function filterGlobalUsers(users: readonly GlobalUser[], query: string, poolFilter: UserPoolFilter): GlobalUser[] {
  return users.filter((u) => {
    if (!matchesSearch(query, [u.email, u.displayName, u.firstName, u.lastName])) return false;
    if (poolFilter === ALL_USERS) return true;
    if (poolFilter === UNASSIGNED_USERS) return u.poolAssignments.length === 0;
    return u.poolAssignments.some((a) => a.poolId === poolFilter);
  });
}
