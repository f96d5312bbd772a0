import { weeksEndpoints } from '@powerpool/contracts';
import type { PublishedGame } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';
import { LIVE_GAMES_REFETCH_MS } from '../lib/live';
import { NEW_POOL_RETRY } from '../lib/refusal';

/** GET /api/pools/{poolId}/weeks/{weekNumber}/games/published: the pool's games with locked spreads, status, scores and covers. */
export function getPublishedGames(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PublishedGame[]> {
  return callApi(weeksEndpoints.publishedGames, { params: { poolId, weekNumber } }, { signal });
}

export function publishedGamesQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(weeksEndpoints.publishedGames, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getPublishedGames(poolId, weekNumber, { signal }),
  });
}

/** `live`: reload every LIVE_GAMES_REFETCH_MS (GAMES_IN_PROGRESS). */
export function usePublishedGames(poolId: string, weekNumber: number, { live = false }: { live?: boolean } = {}) {
  return useQuery({ ...publishedGamesQueryOptions(poolId, weekNumber), refetchInterval: live ? LIVE_GAMES_REFETCH_MS : false });
}
