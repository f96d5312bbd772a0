import { weeksEndpoints } from '@powerpool/contracts';
import type { WeekStatus } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';
import { LIVE_GAMES_REFETCH_MS } from '../lib/live';
import { NEW_POOL_RETRY } from '../../../lib/new-pool-retry';

/** A week's state is cached 10 seconds (admin spec section 7). */
const WEEK_STATE_STALE_MS = 10_000;

/**
 * How often a shown week's state reloads by itself: with the games while they are played (the
 * counts of final games), and every 10 seconds once the picks deadline of a published week has
 * passed, since the server then moves it to GAMES_IN_PROGRESS on its own.
 */
export function weekStateRefetchInterval(status: WeekStatus | undefined, now = Date.now()): number | false {
  if (status?.currentState === 'GAMES_IN_PROGRESS') return LIVE_GAMES_REFETCH_MS;
  if (status?.currentState === 'PUBLISHED' && status.pickDeadline && new Date(status.pickDeadline).getTime() <= now) return WEEK_STATE_STALE_MS;
  return false;
}

/** GET /api/pools/{poolId}/weeks/{weekNumber}/state: the pool's state of the week, its deadline and game counts. */
export function getWeekState(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<WeekStatus> {
  return callApi(weeksEndpoints.weekState, { params: { poolId, weekNumber } }, { signal });
}

export function weekStateQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(weeksEndpoints.weekState, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getWeekState(poolId, weekNumber, { signal }),
    staleTime: WEEK_STATE_STALE_MS,
  });
}

/** `follow`: reload by itself while the week moves without the viewer (`weekStateRefetchInterval`). */
export function useWeekState(poolId: string, weekNumber: number, { follow = false }: { follow?: boolean } = {}) {
  return useQuery({ ...weekStateQueryOptions(poolId, weekNumber), refetchInterval: follow ? (query) => weekStateRefetchInterval(query.state.data) : false });
}
