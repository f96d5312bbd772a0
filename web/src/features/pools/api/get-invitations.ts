import type { Invitation } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

/** GET /api/pools/{poolId}/invitations: the pool's invitations with their status. */
export function getInvitations(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  return callApi(routes.invitations, { params: { poolId } }, { signal });
}

export function invitationsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(routes.invitations, { params: { poolId } }),
    queryFn: ({ signal }) => getInvitations(poolId, { signal }),
  });
}

export function useInvitations(poolId: string) {
  return useQuery(invitationsQueryOptions(poolId));
}
