import { userPoolsReplySchema } from '@powerpool/contracts';
import type { UserPool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from './api-client';

/**
 * The signed-in user's pools (GET /api/user/pools). Shared: the picks screen, leaderboards and
 * the home pool selector all start from it, and features cannot import each other.
 */
export const USER_POOLS_QUERY_KEY = ['/api/user/pools'] as const;

export function getUserPools({ signal }: { signal?: AbortSignal } = {}): Promise<UserPool[]> {
  return apiJson('GET', '/api/user/pools', userPoolsReplySchema, undefined, { signal });
}

export function userPoolsQueryOptions() {
  return queryOptions({ queryKey: USER_POOLS_QUERY_KEY, queryFn: getUserPools });
}

export function useUserPools() {
  return useQuery(userPoolsQueryOptions());
}
