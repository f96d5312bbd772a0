import type { ImportScoresReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { setupGamesQueryOptions } from './get-setup-games';
import { poolWeekKeys } from './get-week-state';

export interface ImportScoresVariables {
  poolId: string;
  weekNumber: number;
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/import-scores (no body): statuses and scores from the provider. */
export function importScores({ poolId, weekNumber }: ImportScoresVariables): Promise<ImportScoresReply> {
  return callApi(routes.importScores, { params: { poolId, weekNumber } });
}

/** Imports, then reloads the week (`poolWeekKeys`: state counts, published games) and its production games. */
export function useImportScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importScores,
    onSuccess: (_reply, { poolId, weekNumber }) =>
      invalidateKeys(queryClient, [...poolWeekKeys(poolId, weekNumber), setupGamesQueryOptions(poolId, weekNumber).queryKey]),
  });
}
