import { poolsEndpoints } from '@powerpool/contracts';
import type { MemberStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';

/** GET /api/pools/{poolId}/members/stats: the member counts. */
export function getMemberStats(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MemberStats> {
  return callApi(poolsEndpoints.memberStats, { params: { poolId } }, { signal });
}

export function memberStatsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(poolsEndpoints.memberStats, { params: { poolId } }),
    queryFn: ({ signal }) => getMemberStats(poolId, { signal }),
  });
}

export function useMemberStats(poolId: string) {
  return useQuery(memberStatsQueryOptions(poolId));
}
