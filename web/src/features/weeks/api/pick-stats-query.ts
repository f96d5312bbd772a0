import type { PickStats } from '@powerpool/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { firstScreenRoutes } from '@/lib/api-routes';

/*
 * A week's pick counts query, apart from the hook that follows it (get-pick-stats.ts): the app's
 * first screen starts it before Week Management's code has loaded (app/first-screen.ts), and this
 * module brings nothing else into the first load.
 */

/** GET /api/admin/weeks/{weekNumber}/pick-stats?poolId=: how many active members have saved their three picks. */
export function getPickStats(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PickStats> {
  return readApi(firstScreenRoutes.pickStats, { params: { weekNumber }, query: { poolId } }, { signal });
}

export function pickStatsQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(firstScreenRoutes.pickStats, { params: { weekNumber }, query: { poolId } }),
    queryFn: ({ signal }) => getPickStats(poolId, weekNumber, { signal }),
  });
}
