import { poolsEndpoints } from '@powerpool/contracts';
import type { UserPool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';

/*
 * The signed-in user's pools. Shared: the picks screen, leaderboards and the home pool selector
 * all start from it, and features cannot import each other.
 */

/** GET /api/user/pools */
export function getUserPools({ signal }: { signal?: AbortSignal } = {}): Promise<UserPool[]> {
  return callApi(poolsEndpoints.userPools, {}, { signal });
}

export function userPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(poolsEndpoints.userPools), queryFn: getUserPools });
}

export function useUserPools() {
  return useQuery(userPoolsQueryOptions());
}
