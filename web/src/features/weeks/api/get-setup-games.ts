import type { WeekGame } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { NEW_POOL_RETRY } from '@/lib/new-pool-retry';

/** GET /api/weeks/{weekNumber}/games/setup?poolId=: the week's production games of the pool's season, by kickoff. */
export function getSetupGames(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<WeekGame[]> {
  return callApi(routes.setupGames, { params: { weekNumber }, query: { poolId } }, { signal });
}

export function setupGamesQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.setupGames, { params: { weekNumber }, query: { poolId } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getSetupGames(poolId, weekNumber, { signal }),
  });
}

export function useSetupGames(poolId: string, weekNumber: number) {
  return useQuery(setupGamesQueryOptions(poolId, weekNumber));
}
