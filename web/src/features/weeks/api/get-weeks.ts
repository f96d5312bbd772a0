import { weeksEndpoints } from '@powerpool/contracts';
import type { Week } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';
import { NEW_POOL_RETRY } from '../../../lib/new-pool-retry';

/** GET /api/weeks?poolId=: every week of the pool's season, with the pool's state and deadline of each. */
export function getWeeks(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Week[]> {
  return callApi(weeksEndpoints.weeks, { query: { poolId } }, { signal });
}

export function weeksQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(weeksEndpoints.weeks, { query: { poolId } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getWeeks(poolId, { signal }),
  });
}

export function useWeeks(poolId: string) {
  return useQuery(weeksQueryOptions(poolId));
}
