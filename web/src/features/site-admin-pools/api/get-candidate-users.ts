import type { GlobalUser } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/admin/users/global: the users the Change Commissioner dialog chooses from. */
export function getCandidateUsers({ signal }: { signal?: AbortSignal } = {}): Promise<GlobalUser[]> {
  return callApi(routes.globalUsers, {}, { signal });
}

export function candidateUsersQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.globalUsers), queryFn: getCandidateUsers });
}

/** Loaded only while the dialog is open (`enabled`). */
export function useCandidateUsers(enabled: boolean) {
  return useQuery({ ...candidateUsersQueryOptions(), enabled });
}
