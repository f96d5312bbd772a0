import type { PoolSpread } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { poolSpreadsQueryOptions } from './get-pool-spreads';

export interface UpdateSpreadVariables {
  poolId: string;
  weekNumber: number;
  gameId: string;
  /** Half-point steps (home-relative); null clears it. */
  spread: number | null;
}

/** PUT /api/pools/{poolId}/spreads/{gameId}: body spread (SETUP only). */
export function updateSpread({ poolId, gameId, spread }: UpdateSpreadVariables): Promise<PoolSpread> {
  return callApi(routes.updateSpread, { params: { poolId, gameId }, body: { spread } });
}

/** Saves the spread, then reloads the pool's spreads of the week. */
export function useUpdateSpread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSpread,
    onSuccess: (_spread, { poolId, weekNumber }) => invalidateKeys(queryClient, [poolSpreadsQueryOptions(poolId, weekNumber).queryKey]),
  });
}
