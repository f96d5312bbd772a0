import type { CalculateReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { firstScreenRoutes } from '@/lib/api-routes';
import { managementRoutes } from '@/lib/management-routes';
import { invalidateKeys } from '@/lib/query-client';

export interface CalculateScoresVariables {
  poolId: string;
  weekNumber: number;
}

/** POST /api/pools/{poolId}/weeks/{weekNumber}/scores/calculate (no body): idempotent. */
export function calculateScores({ poolId, weekNumber }: CalculateScoresVariables): Promise<CalculateReply> {
  return readApi(managementRoutes.calculate, { params: { poolId, weekNumber } });
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
  return [apiKey(managementRoutes.scoringReview, { params }), apiKey(firstScreenRoutes.liveLeaderboard, { params })];
}
