import type { MemberStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/members/stats: the member counts. */
export function getMemberStats(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MemberStats> {
  return callApi(routes.memberStats, { params: { poolId } }, { signal });
}

export function memberStatsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.memberStats, { params: { poolId } }),
    queryFn: ({ signal }) => getMemberStats(poolId, { signal }),
  });
}

export function useMemberStats(poolId: string) {
  return useQuery(memberStatsQueryOptions(poolId));
}
