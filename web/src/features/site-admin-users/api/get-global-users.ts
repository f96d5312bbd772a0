import type { GlobalUser } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/admin/users/global: every user with their pool assignments. */
export function getGlobalUsers({ signal }: { signal?: AbortSignal } = {}): Promise<GlobalUser[]> {
  return callApi(routes.globalUsers, {}, { signal });
}

export function globalUsersQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.globalUsers), queryFn: getGlobalUsers });
}

export function useGlobalUsers() {
  return useQuery(globalUsersQueryOptions());
}
