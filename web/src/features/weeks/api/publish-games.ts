import type { PublishReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { poolWeekKeys } from './get-week-state';
import type { WeekChangeOptions } from './get-week-state';

export interface PublishGamesVariables {
  poolId: string;
  weekNumber: number;
  gameIds: string[];
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/games/publish: body gameIds; fixes the deadline and locks the spreads. */
export function publishGames({ poolId, weekNumber, gameIds }: PublishGamesVariables): Promise<PublishReply> {
  return callApi(routes.publish, { params: { poolId, weekNumber }, body: { gameIds } });
}

/** Publishes, then reloads everything that shows the week's state (`poolWeekKeys`); `onSuccess` as in useTransitionWeek. */
export function usePublishGames({ onSuccess }: WeekChangeOptions<PublishReply, PublishGamesVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishGames,
    onSuccess: (reply, variables) => {
      onSuccess?.(reply, variables);
      return invalidateKeys(queryClient, poolWeekKeys(variables.poolId, variables.weekNumber));
    },
  });
}
