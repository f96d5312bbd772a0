import type { UserPool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The signed-in user's pools (GET /api/user/pools). Shared: the picks screen, leaderboards and
 * the home pool selector all start from it, and features cannot import each other.
 */
export const USER_POOLS_QUERY_KEY = ['/api/user/pools'] as const;

/**
 * Not parsed with `userPoolsReplySchema`, for the reason given at `getCurrentUser` (Make Picks, the
 * home screen, needs it at first load); pools-invitations sends it through that schema.
 */
export async function getUserPools({ signal }: { signal?: AbortSignal } = {}): Promise<UserPool[]> {
  const res = await apiRequest('GET', '/api/user/pools', undefined, { signal });
  return (await res.json()) as UserPool[];
}

export function userPoolsQueryOptions() {
  return queryOptions({ queryKey: USER_POOLS_QUERY_KEY, queryFn: getUserPools });
}

export function useUserPools() {
  return useQuery(userPoolsQueryOptions());
}

/**
 * What a link to Make Picks may carry in its history state: the pool to show first (the join
 * page's "Go to Pool" for a member). Make Picks has no pool in its address (player spec section 2).
 */
export interface PicksLocationState {
  poolId?: string;
}

/** The pool asked for by the link that opened Make Picks, if any. */
export function requestedPoolId(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { poolId } = state as PicksLocationState;
  return typeof poolId === 'string' ? poolId : undefined;
}
