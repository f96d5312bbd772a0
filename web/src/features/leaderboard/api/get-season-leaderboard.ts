import type { SeasonLeaderboardEntry } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/seasons/{seasonId}/leaderboard: every active member, ranked (ties share a rank); seasonId is the pool's year. */
export function getSeasonLeaderboard(poolId: string, seasonId: number, { signal }: { signal?: AbortSignal } = {}): Promise<SeasonLeaderboardEntry[]> {
  return callApi(routes.seasonLeaderboard, { params: { poolId, seasonId } }, { signal });
}

export function seasonLeaderboardQueryOptions(poolId: string, seasonId: number) {
  return queryOptions({
    queryKey: apiKey(routes.seasonLeaderboard, { params: { poolId, seasonId } }),
    queryFn: ({ signal }) => getSeasonLeaderboard(poolId, seasonId, { signal }),
  });
}

export function useSeasonLeaderboard(poolId: string, seasonId: number) {
  return useQuery(seasonLeaderboardQueryOptions(poolId, seasonId));
}
