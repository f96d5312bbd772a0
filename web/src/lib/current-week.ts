import type { Week } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';
import { NEW_POOL_RETRY } from './new-pool-retry';

/** The current week is cached 30 seconds (docs/screens.md#data-loading). */
const CURRENT_WEEK_STALE_MS = 30_000;

/**
 * GET /api/weeks/current: the week of the next or ongoing game of the pool's season (without a
 * pool, of the current season). 404 `current_week_unknown` when that season has no games.
 */
export function getCurrentWeek(poolId: string | undefined, { signal }: { signal?: AbortSignal } = {}): Promise<Week> {
  return callApi(routes.currentWeek, { query: { poolId } }, { signal });
}

export function currentWeekQueryOptions(poolId: string | undefined) {
  return queryOptions({
    queryKey: apiKey(routes.currentWeek, { query: { poolId } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getCurrentWeek(poolId, { signal }),
    staleTime: CURRENT_WEEK_STALE_MS,
  });
}

/** `enabled` lets a screen wait for the pool it asks about. */
export function useCurrentWeek(poolId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentWeekQueryOptions(poolId), enabled });
}
