import type { PickOverride } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/weeks/{weekNumber}/overrides: the week's recorded commissioner overrides. */
export function getOverrides(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<PickOverride[]> {
  return callApi(routes.overrides, { params: { poolId, weekNumber } }, { signal });
}

export function overridesQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.overrides, { params: { poolId, weekNumber } }),
    queryFn: ({ signal }) => getOverrides(poolId, weekNumber, { signal }),
  });
}

export function useOverrides(poolId: string, weekNumber: number) {
  return useQuery(overridesQueryOptions(poolId, weekNumber));
}
