import type { PoolMemberDetails } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/members/details: the members with payment and notes. */
export function getMemberDetails(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<PoolMemberDetails[]> {
  return callApi(routes.memberDetails, { params: { poolId } }, { signal });
}

export function memberDetailsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.memberDetails, { params: { poolId } }),
    queryFn: ({ signal }) => getMemberDetails(poolId, { signal }),
  });
}

export function useMemberDetails(poolId: string) {
  return useQuery(memberDetailsQueryOptions(poolId));
}
