import type { PoolDefaults } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/**
 * GET /api/pools/defaults: the Create New Pool form's default year (the current season of the
 * production sports data, decided by the server) and the years it offers.
 */
export function getPoolDefaults({ signal }: { signal?: AbortSignal } = {}): Promise<PoolDefaults> {
  return callApi(routes.poolDefaults, {}, { signal });
}

export function poolDefaultsQueryOptions() {
  return queryOptions({
    queryKey: apiKey(routes.poolDefaults),
    queryFn: getPoolDefaults,
    // The current season moves with a games migration (another screen) or the clock: ask again
    // whenever the form opens, showing the last answer meanwhile.
    staleTime: 0,
  });
}

export function usePoolDefaults() {
  return useQuery(poolDefaultsQueryOptions());
}
