import type { Pool, WeeklyTiebreaker } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiPrefix, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { ownedPoolsQueryOptions } from '@/lib/owned-pools';

export interface SetWeeklyTiebreakerVariables {
  poolId: string;
  weeklyTiebreaker: WeeklyTiebreaker;
}

/** PUT /api/pools/{poolId}/weekly-tiebreaker: applies to the weeks published after it (docs/game.md#weekly-winners). */
export function setWeeklyTiebreaker({ poolId, weeklyTiebreaker }: SetWeeklyTiebreakerVariables): Promise<Pool> {
  return callApi(routes.setWeeklyTiebreaker, { params: { poolId }, body: { weeklyTiebreaker } });
}

/** Saves, then reloads the lists that show the pool (owned pools, the player's pools, site admin's pools). */
export function useSetWeeklyTiebreaker() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWeeklyTiebreaker,
    onSuccess: () => invalidateKeys(queryClient, [ownedPoolsQueryOptions().queryKey, apiKey(routes.userPools), apiPrefix(routes.adminPoolDetails, 'pools')]),
  });
}
