import type { Invitation } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, readApi } from '@/lib/api-client';
import { managementRoutes } from '@/lib/management-routes';

/** GET /api/pools/{poolId}/invitations: the pool's invitations with their status. */
export function getInvitations(poolId: string, { signal }: { signal?: AbortSignal } = {}): Promise<Invitation[]> {
  return readApi(managementRoutes.invitations, { params: { poolId } }, { signal });
}

export function invitationsQueryOptions(poolId: string) {
  return queryOptions({
    queryKey: apiKey(managementRoutes.invitations, { params: { poolId } }),
    queryFn: ({ signal }) => getInvitations(poolId, { signal }),
  });
}

export function useInvitations(poolId: string) {
  return useQuery(invitationsQueryOptions(poolId));
}
