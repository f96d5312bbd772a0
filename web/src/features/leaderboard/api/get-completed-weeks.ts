import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { AFTER_DEADLINE_RETRY_MS } from '@/lib/follow-week';

/** GET /api/pools/{poolId}/completed-weeks: the week numbers the pool has completed (scored and final). */
export async function getCompletedWeeks(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<number[]> {
  const weeks = await callApi(routes.completedWeeks, { params: { poolId } }, { signal });
  return weeks.map((w) => w.weekNumber);
}

export function completedWeeksQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.completedWeeks, { params: { poolId } }),
    queryFn: ({ signal }) => getCompletedWeeks(poolId, { signal }),
  });
}

/**
 * `expected`: how many weeks weeks-workflow says are COMPLETE (the pool's week list). picks-scoring
 * hears of a completion a moment later, so while it lists fewer the query asks again every
 * AFTER_DEADLINE_RETRY_MS (a few seconds, until the two agree); otherwise it does not poll.
 */
export function useCompletedWeeks(poolId: string, { expected }: { expected?: number } = {}) {
  return useQuery({
    ...completedWeeksQueryOptions(poolId),
    refetchInterval: (query) =>
      expected !== undefined && query.state.data !== undefined && query.state.data.length < expected ? AFTER_DEADLINE_RETRY_MS : false,
  });
}
