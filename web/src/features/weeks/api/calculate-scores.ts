import type { CalculateReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';

export interface CalculateScoresVariables {
  poolId: string;
  weekNumber: number;
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/scores/calculate (no body): idempotent. */
export function calculateScores({ poolId, weekNumber }: CalculateScoresVariables): Promise<CalculateReply> {
  return callApi(routes.calculate, { params: { poolId, weekNumber } });
}

/** Calculates, then reloads the scoring review and the live board of the week. */
export function useCalculateScores() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calculateScores,
    onSuccess: (_reply, { poolId, weekNumber }) => invalidateKeys(queryClient, scoresKeys(poolId, weekNumber)),
  });
}

/** What a new calculation (or an override) changes: the week's scoring review and its live leaderboard. */
export function scoresKeys(poolId: string, weekNumber: number) {
  const params = { poolId, weekNumber };
  return [apiKey(routes.scoringReview, { params }), apiKey(routes.liveLeaderboard, { params })];
}
