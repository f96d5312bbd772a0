import type { ScoringReviewReply } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { managementRoutes } from '@/lib/management-routes';

/** GET /api/pools/{poolId}/weeks/{weekNumber}/scoring-review: every member's picks and points, as last calculated. */
export function getScoringReview(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<ScoringReviewReply> {
  return readApi(managementRoutes.scoringReview, { params: { poolId, weekNumber } }, { signal });
}

export function scoringReviewQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(managementRoutes.scoringReview, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getScoringReview(poolId, weekNumber, { signal }),
  });
}

export function useScoringReview(poolId: string, weekNumber: number) {
  return useQuery(scoringReviewQueryOptions(poolId, weekNumber));
}
