import type { WeeklyScoringReview } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/users/{userId}/pools/{poolId}/weekly-scoring-review: one member's picks and points in each completed week. */
export function getWeeklyScoringReview(userId: string, poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<WeeklyScoringReview[]> {
  return callApi(routes.weeklyScoringReview, { params: { userId, poolId } }, { signal });
}

export function weeklyScoringReviewQueryOptions(userId: string, poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.weeklyScoringReview, { params: { userId, poolId } }),
    queryFn: ({ signal }) => getWeeklyScoringReview(userId, poolId, { signal }),
  });
}

export function useWeeklyScoringReview(userId: string, poolId: string) {
  return useQuery(weeklyScoringReviewQueryOptions(userId, poolId));
}
