import type { PublishedGame } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { poolWeekKeys } from './get-week-state';

export interface VoidGameVariables {
  poolId: string;
  weekNumber: number;
  gameId: string;
  reason: string;
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/games/{gameId}/void: body reason; a postponed game becomes a push for every pick. */
export function voidGame({ poolId, weekNumber, gameId, reason }: VoidGameVariables): Promise<PublishedGame> {
  return callApi(routes.voidGame, { params: { poolId, weekNumber, gameId }, body: { reason } });
}

/** Rules the game void, then reloads the week (`poolWeekKeys`: void count, published games). */
export function useVoidGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidGame,
    onSuccess: (_game, { poolId, weekNumber }) => invalidateKeys(queryClient, poolWeekKeys(poolId, weekNumber)),
  });
}
