import type { MyTiebreaker } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/**
 * GET /api/weeks/{weekId}/tiebreaker?poolId=: the week's tiebreaker game and the signed-in player's own
 * prediction (docs/game.md#weekly-winners). Asked only when the week has a tiebreaker game.
 */
export function getMyTiebreaker(weekId: string, poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MyTiebreaker> {
  return callApi(routes.myTiebreaker, { params: { weekId }, query: { poolId } }, { signal });
}

export const myTiebreakerKey = (weekId: string, poolId: string) => apiKey(routes.myTiebreaker, { params: { weekId }, query: { poolId } });

export function useMyTiebreaker(weekId: string, poolId: string, { enabled }: { enabled: boolean }) {
  return useQuery(queryOptions({ queryKey: myTiebreakerKey(weekId, poolId), queryFn: ({ signal }) => getMyTiebreaker(weekId, poolId, { signal }), enabled }));
}
