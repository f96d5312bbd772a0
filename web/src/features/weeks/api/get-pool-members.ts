import type { PoolMemberShort } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/members: the pool's active members (the emergency pick entry's players). */
export function getPoolMembers(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PoolMemberShort[]> {
  return callApi(routes.members, { params: { poolId } }, { signal });
}

export function poolMembersQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.members, { params: { poolId } }),
    queryFn: ({ signal }) => getPoolMembers(poolId, { signal }),
  });
}

export function usePoolMembers(poolId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...poolMembersQueryOptions(poolId), enabled });
}
