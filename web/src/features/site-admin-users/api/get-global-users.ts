import { identityEndpoints } from '@powerpool/contracts';
import type { GlobalUser } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';

/** GET /api/admin/users/global: every user with their pool assignments. */
export function getGlobalUsers({ signal }: { signal?: AbortSignal } = {}): Promise<GlobalUser[]> {
  return callApi(identityEndpoints.globalUsers, {}, { signal });
}

export function globalUsersQueryOptions() {
  return queryOptions({ queryKey: apiKey(identityEndpoints.globalUsers), queryFn: getGlobalUsers });
}

export function useGlobalUsers() {
  return useQuery(globalUsersQueryOptions());
}
