import type { Week } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';
import { weeksFollowInterval } from './follow-week';
import { NEW_POOL_RETRY } from './new-pool-retry';

/*
 * A pool's weeks. Shared: week management's Quick Jump, and the live leaderboard's Jump to Week
 * when its own reply carries none (before the deadline); features cannot import each other.
 */

/** The weeks list is fresh 10 minutes (docs/screens.md#data-loading); changes of state invalidate it. */
const WEEKS_STALE_MS = 10 * 60_000;

/** GET /api/weeks?poolId=: every week of the pool's season, with the pool's state and deadline of each. */
export function getWeeks(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Week[]> {
  return callApi(routes.weeks, { query: { poolId } }, { signal });
}

export function weeksQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.weeks, { query: { poolId } }),
    ...NEW_POOL_RETRY,
    staleTime: WEEKS_STALE_MS,
    queryFn: ({ signal }) => getWeeks(poolId, { signal }),
  });
}

/**
 * `follow`: read again by itself while one of the pool's weeks is moving (weeksFollowInterval), for
 * a page that must notice a week reach SCORING or COMPLETE elsewhere (the Season Leaderboard).
 */
export function useWeeks(poolId: string, { enabled = true, follow = false }: { enabled?: boolean; follow?: boolean } = {}) {
  return useQuery({ ...weeksQueryOptions(poolId), enabled, refetchInterval: follow ? (query) => weeksFollowInterval(query.state.data) : false });
}
