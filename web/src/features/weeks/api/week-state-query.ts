import type { WeekStatus } from '@powerpool/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { firstScreenRoutes } from '@/lib/api-routes';
import { NEW_POOL_RETRY } from '@/lib/new-pool-retry';

/*
 * A week's state query, apart from the hook that follows it (get-week-state.ts): the app's first
 * screen starts it before the screen's code has loaded (app/first-screen.ts), and this module
 * brings nothing else into the first load.
 */

/** A week's state is cached 10 seconds (docs/screens.md#data-loading). */
const WEEK_STATE_STALE_MS = 10_000;

/** GET /api/pools/{poolId}/weeks/{weekNumber}/state: the pool's state of the week, its deadline and game counts. */
export function getWeekState(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<WeekStatus> {
  return readApi(firstScreenRoutes.weekState, { params: { poolId, weekNumber } }, { signal });
}

export function weekStateQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(firstScreenRoutes.weekState, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getWeekState(poolId, weekNumber, { signal }),
    staleTime: WEEK_STATE_STALE_MS,
  });
}
