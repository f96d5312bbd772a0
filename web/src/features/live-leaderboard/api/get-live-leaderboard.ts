import { LIVE_CACHE_MS, LIVE_STALE_MS, picksEndpoints } from '@powerpool/contracts';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';
import { liveRefetchInterval } from '../lib/polling';

/**
 * GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard: standings, games, impact games,
 * overrides. Before the deadline a member gets 403 `picks_not_available` (lib/errors.ts).
 */
export function getLiveLeaderboard(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<LiveLeaderboard> {
  return callApi(picksEndpoints.liveLeaderboard, { params: { poolId, weekNumber } }, { signal });
}

/**
 * Player spec sections 4 and 9: stale after 30 s, kept 5 min, no refetch on focus, and smart
 * polling by the week's state (lib/polling.ts), decided again after every reply.
 */
export function liveLeaderboardQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(picksEndpoints.liveLeaderboard, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getLiveLeaderboard(poolId, weekNumber, { signal }),
    staleTime: LIVE_STALE_MS,
    gcTime: LIVE_CACHE_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => liveRefetchInterval(query.state.data?.metadata),
  });
}

/**
 * `pushed`: the live stream is delivering the board (or the server closed it): no polling then;
 * while the stream is off, connecting or failed, the spec's smart polling goes on.
 */
export function useLiveLeaderboard(poolId: string, weekNumber: number, { pushed = false }: { pushed?: boolean } = {}) {
  const options = liveLeaderboardQueryOptions(poolId, weekNumber);
  return useQuery(pushed ? { ...options, refetchInterval: false } : options);
}
