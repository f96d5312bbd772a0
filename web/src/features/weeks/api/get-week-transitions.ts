import type { WeekTransition } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { NEW_POOL_RETRY } from '@/lib/new-pool-retry';

/** GET /api/pools/{poolId}/weeks/{weekNumber}/transitions: the recorded changes of state, oldest first. */
export function getWeekTransitions(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<WeekTransition[]> {
  return callApi(routes.transitions, { params: { poolId, weekNumber } }, { signal });
}

export function weekTransitionsQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.transitions, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getWeekTransitions(poolId, weekNumber, { signal }),
  });
}

export function useWeekTransitions(poolId: string, weekNumber: number) {
  return useQuery(weekTransitionsQueryOptions(poolId, weekNumber));
}
