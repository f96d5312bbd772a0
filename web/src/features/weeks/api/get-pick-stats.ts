import { picksEndpoints } from '@powerpool/contracts';
import type { PickStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';

/** GET /api/admin/weeks/{weekNumber}/pick-stats?poolId=: how many active members have saved their three picks. */
export function getPickStats(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PickStats> {
  return callApi(picksEndpoints.pickStats, { params: { weekNumber }, query: { poolId } }, { signal });
}

/** Players keep saving picks while the week is PUBLISHED: the card reloads every 30 seconds while shown. */
export const PICK_STATS_REFETCH_MS = 30_000;

export function pickStatsQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(picksEndpoints.pickStats, { params: { weekNumber }, query: { poolId } }),
    queryFn: ({ signal }) => getPickStats(poolId, weekNumber, { signal }),
    refetchInterval: PICK_STATS_REFETCH_MS,
  });
}

export function usePickStats(poolId: string, weekNumber: number) {
  return useQuery(pickStatsQueryOptions(poolId, weekNumber));
}
