import type { PoolAdminDetails } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/admin/pools/details: every pool with counts and its commissioner. */
export function getAdminPools({ signal }: { signal?: AbortSignal } = {}): Promise<PoolAdminDetails[]> {
  return callApi(routes.adminPoolDetails, {}, { signal });
}

export function adminPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.adminPoolDetails), queryFn: getAdminPools });
}

export function useAdminPools() {
  return useQuery(adminPoolsQueryOptions());
}
