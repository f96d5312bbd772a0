import type { Pool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/admin/pools/all: every pool (for the filter and "add to pool"). */
export function getAllPools({ signal }: { signal?: AbortSignal } = {}): Promise<Pool[]> {
  return callApi(routes.adminAllPools, {}, { signal });
}

export function allPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.adminAllPools), queryFn: getAllPools });
}

export function useAllPools() {
  return useQuery(allPoolsQueryOptions());
}
