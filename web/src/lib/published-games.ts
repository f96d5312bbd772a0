import type { PublishedGame } from '@powerpool/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';
import { NEW_POOL_RETRY } from './new-pool-retry';

/*
 * A pool's published games of a week. Shared: week management (weeks feature) and Make Picks
 * (picks feature) both show them, and features cannot import each other.
 */

/** GET /api/pools/{poolId}/weeks/{weekNumber}/games/published: the pool's games with locked spreads, status, scores and covers. */
export function getPublishedGames(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PublishedGame[]> {
  return callApi(routes.publishedGames, { params: { poolId, weekNumber } }, { signal });
}

export function publishedGamesQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.publishedGames, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getPublishedGames(poolId, weekNumber, { signal }),
  });
}
