import type { LiveLeaderboard } from '@powerpool/contracts';
import { queryOptions } from '@tanstack/react-query';
import { LIVE_CACHE_MS, LIVE_STALE_MS } from '../../../config/live-leaderboard';
import { apiKey, readApi } from '../../../lib/api-client';
import { firstScreenRoutes } from '../../../lib/api-routes';

/*
 * The live leaderboard's query, apart from the hook that schedules it (get-live-leaderboard.ts):
 * the app's first screen starts it before the screen's code has loaded (app/first-screen.ts), and
 * this module brings nothing else into the first load (no messages, no zod).
 */

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard: standings, games, impact games,
 * overrides. Before the deadline a member gets 403 `picks_not_available` (lib/errors.ts).
 */
export function getLiveLeaderboard(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<LiveLeaderboard> {
  return readApi(firstScreenRoutes.liveLeaderboard, { params: { poolId, weekNumber } }, { signal });
}

/**
 * docs/screens.md#live-leaderboard: stale after 30 s, kept 5 min, no refetch on focus; the smart
 * polling by the week's state is the screen's (liveBoardRefetchInterval). No `retry`: the
 * 403 before the deadline is an answer, shown at once as "Pick Data Coming Soon" (retries would
 * hold the page on its loading state); it is asked again on a schedule instead (useLiveLeaderboard).
 */
export function liveLeaderboardQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(firstScreenRoutes.liveLeaderboard, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getLiveLeaderboard(poolId, weekNumber, { signal }),
    staleTime: LIVE_STALE_MS,
    gcTime: LIVE_CACHE_MS,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
