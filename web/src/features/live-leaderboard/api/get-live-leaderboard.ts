import { picksEndpoints } from '@powerpool/contracts';
import { LIVE_CACHE_MS, LIVE_STALE_MS } from '../../../config/live-leaderboard';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';
import { isPicksNotAvailable } from '../lib/errors';
import { comingSoonRefetchInterval, liveRefetchInterval } from '../lib/polling';

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard: standings, games, impact games,
 * overrides. Before the deadline a member gets 403 `picks_not_available` (lib/errors.ts).
 */
export function getLiveLeaderboard(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<LiveLeaderboard> {
  return callApi(picksEndpoints.liveLeaderboard, { params: { poolId, weekNumber } }, { signal });
}

/**
 * docs/screens.md#live-leaderboard: stale after 30 s, kept 5 min, no refetch on focus, and smart
 * polling by the week's state (lib/polling.ts), decided again after every reply. No `retry`: the
 * 403 before the deadline is an answer, shown at once as "Pick Data Coming Soon" (retries would
 * hold the page on its loading state); it is asked again on a schedule instead (useLiveLeaderboard).
 */
export function liveLeaderboardQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(picksEndpoints.liveLeaderboard, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getLiveLeaderboard(poolId, weekNumber, { signal }),
    staleTime: LIVE_STALE_MS,
    gcTime: LIVE_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: false,
    refetchInterval: (query) => liveRefetchInterval(query.state.data?.metadata),
  });
}

/**
 * `pushed`: the live stream is delivering the board (or the server closed it): no polling then;
 * while the stream is off, connecting or failed, the product's smart polling goes on. While the
 * server answers picks_not_available the query asks again on comingSoonRefetchInterval, by
 * `pickDeadline` (the week's deadline as the page knows it), so it never gives up.
 */
export function useLiveLeaderboard(
  poolId: string,
  weekNumber: number,
  { pushed = false, pickDeadline = null }: { pushed?: boolean; pickDeadline?: string | null } = {},
) {
  const options = liveLeaderboardQueryOptions(poolId, weekNumber);
  return useQuery({
    ...options,
    refetchInterval: (query) => {
      if (query.state.data === undefined && isPicksNotAvailable(query.state.error)) return comingSoonRefetchInterval(pickDeadline);
      return pushed ? false : liveRefetchInterval(query.state.data?.metadata);
    },
  });
}
