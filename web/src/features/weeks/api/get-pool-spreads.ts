import type { PoolSpread } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { NEW_POOL_RETRY } from '@/lib/new-pool-retry';

/** GET /api/pools/{poolId}/spreads/{weekNumber}: the pool's spread (and locked and provider spread) of each game of the week. */
export function getPoolSpreads(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PoolSpread[]> {
  return callApi(routes.spreads, { params: { poolId, weekNumber } }, { signal });
}

export function poolSpreadsQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.spreads, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getPoolSpreads(poolId, weekNumber, { signal }),
  });
}

export function usePoolSpreads(poolId: string, weekNumber: number) {
  return useQuery(poolSpreadsQueryOptions(poolId, weekNumber));
}
