import type { MemberStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { managementRoutes } from '@/lib/management-routes';

/** GET /api/pools/{poolId}/members/stats: the member counts. */
export function getMemberStats(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MemberStats> {
  return readApi(managementRoutes.memberStats, { params: { poolId } }, { signal });
}

export function memberStatsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(managementRoutes.memberStats, { params: { poolId } }),
    queryFn: ({ signal }) => getMemberStats(poolId, { signal }),
  });
}

export function useMemberStats(poolId: string) {
  return useQuery(memberStatsQueryOptions(poolId));
}
