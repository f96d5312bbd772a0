import type { PickStats } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTimePassed } from '@/hooks/use-time-passed';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { PICK_SAVES_FOLLOW_MS } from '@/lib/follow-week';

/** GET /api/admin/weeks/{weekNumber}/pick-stats?poolId=: how many active members have saved their three picks. */
export function getPickStats(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PickStats> {
  return callApi(routes.pickStats, { params: { weekNumber }, query: { poolId } }, { signal });
}

export function pickStatsQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.pickStats, { params: { weekNumber }, query: { poolId } }),
    queryFn: ({ signal }) => getPickStats(poolId, weekNumber, { signal }),
  });
}

/**
 * Players keep saving picks until the deadline (`pickDeadline`): the card reloads every
 * PICK_SAVES_FOLLOW_MS while it is ahead, and not at all after it (no one saves then; the
 * emergency pick entry on the same page reloads it itself).
 */
export function usePickStats(poolId: string, weekNumber: number, { pickDeadline = null }: { pickDeadline?: string | null } = {}) {
  const savesOpen = useTimePassed(pickDeadline) === false && pickDeadline !== null;
  return useQuery({ ...pickStatsQueryOptions(poolId, weekNumber), refetchInterval: savesOpen ? PICK_SAVES_FOLLOW_MS : false });
}
