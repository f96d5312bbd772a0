import type { BatchPicksBody, BatchPicksReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { currentWeekQueryOptions } from '@/lib/current-week';
import { myPicksKey } from './get-my-picks';
import { myTiebreakerKey } from './get-my-tiebreaker';

/**
 * POST /api/picks/batch: replaces the player's picks of the week, all or nothing. Refusals:
 * 400 incomplete_picks, game_not_available, team_not_in_game; 403 not_a_member; 409 picks_locked
 * (the server's clock says the deadline has passed), week_not_published.
 */
export function savePicks(body: BatchPicksBody): Promise<BatchPicksReply> {
  return callApi(routes.savePicks, { body });
}

/**
 * Saves, then puts the saved picks in the cache of the week's picks (the reply carries them) and
 * reloads it. A save refused because the week is locked reloads the current week (its state).
 * Offline the save is tried at once and fails (networkMode 'always'), so the player is told
 * instead of a Saving Picks... paused until the network returns (docs/screens.md#installable-app).
 */
export function useSavePicks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePicks,
    networkMode: 'always',
    onSuccess: (reply, body) => {
      const key = myPicksKey(String(body.weekId), reply.poolId);
      queryClient.setQueryData(key, reply.picks);
      void queryClient.invalidateQueries({ queryKey: myTiebreakerKey(String(body.weekId), reply.poolId) });
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error, body) => {
      const poolId = body.picks[0]?.poolId;
      if (poolId && isApiError(error, 409)) void queryClient.invalidateQueries({ queryKey: currentWeekQueryOptions(poolId).queryKey });
    },
  });
}
