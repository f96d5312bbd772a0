import type { SavedPick } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/**
 * GET /api/weeks/{weekId}/picks?poolId=: the signed-in player's saved picks of a week in a pool
 * (weekId: the id GET /api/weeks/current gives, e.g. `2025:3`). Empty when nothing is saved.
 */
export function getMyPicks(weekId: string, poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SavedPick[]> {
  return callApi(routes.myPicks, { params: { weekId }, query: { poolId } }, { signal });
}

export const myPicksKey = (weekId: string, poolId: string) => apiKey(routes.myPicks, { params: { weekId }, query: { poolId } });

export function myPicksQueryOptions(weekId: string, poolId: string) {
  return queryOptions({ queryKey: myPicksKey(weekId, poolId), queryFn: ({ signal }) => getMyPicks(weekId, poolId, { signal }) });
}

export function useMyPicks(weekId: string, poolId: string) {
  return useQuery(myPicksQueryOptions(weekId, poolId));
}
