import type { ScoringReviewReply } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/weeks/{weekNumber}/scoring-review: every member's picks and points, as last calculated. */
export function getScoringReview(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<ScoringReviewReply> {
  return callApi(routes.scoringReview, { params: { poolId, weekNumber } }, { signal });
}

export function scoringReviewQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.scoringReview, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getScoringReview(poolId, weekNumber, { signal }),
  });
}

export function useScoringReview(poolId: string, weekNumber: number) {
  return useQuery(scoringReviewQueryOptions(poolId, weekNumber));
}
