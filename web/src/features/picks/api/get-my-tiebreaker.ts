import type { MyTiebreaker } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { firstScreenRoutes } from '@/lib/api-routes';

/**
 * GET /api/weeks/{weekId}/tiebreaker?poolId=: the week's tiebreaker game and the signed-in player's own
 * prediction (docs/game.md#weekly-winners). Asked only when the week has a tiebreaker game.
 */
export function getMyTiebreaker(weekId: string, poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<MyTiebreaker> {
  return readApi(firstScreenRoutes.myTiebreaker, { params: { weekId }, query: { poolId } }, { signal });
}

export const myTiebreakerKey = (weekId: string, poolId: string) => apiKey(firstScreenRoutes.myTiebreaker, { params: { weekId }, query: { poolId } });

export function useMyTiebreaker(weekId: string, poolId: string, { enabled }: { enabled: boolean }) {
  return useQuery(queryOptions({ queryKey: myTiebreakerKey(weekId, poolId), queryFn: ({ signal }) => getMyTiebreaker(weekId, poolId, { signal }), enabled }));
}
