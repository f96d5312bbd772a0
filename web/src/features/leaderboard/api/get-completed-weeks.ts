import { picksEndpoints } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';

/** GET /api/pools/{poolId}/completed-weeks: the week numbers the pool has completed (scored and final). */
export async function getCompletedWeeks(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<number[]> {
  const weeks = await callApi(picksEndpoints.completedWeeks, { params: { poolId } }, { signal });
  return weeks.map((w) => w.weekNumber);
}

export function completedWeeksQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(picksEndpoints.completedWeeks, { params: { poolId } }),
    queryFn: ({ signal }) => getCompletedWeeks(poolId, { signal }),
  });
}

export function useCompletedWeeks(poolId: string) {
  return useQuery(completedWeeksQueryOptions(poolId));
}
