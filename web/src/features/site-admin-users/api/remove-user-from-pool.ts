import type { poolsEndpoints, EndpointResult } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, apiPrefix } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { globalUsersQueryOptions } from './get-global-users';

export interface RemoveUserFromPoolVariables {
  userId: string;
  poolId: string;
}

/** DELETE /api/admin/users/{userId}/pools/{poolId}: removes the user from the pool. */
export function removeUserFromPool({ userId, poolId }: RemoveUserFromPoolVariables): Promise<EndpointResult<typeof poolsEndpoints.adminRemoveUserFromPool>> {
  return callApi(routes.adminRemoveUserFromPool, { params: { userId, poolId } });
}

/**
 * Removes the user, then reloads the user list (pool assignments) and every pool list and panel whose
 * members or counts changed (the site admin's, the commissioners', the user's own pools).
 */
export function useRemoveUserFromPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUserFromPool,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        globalUsersQueryOptions().queryKey,
        apiPrefix(routes.adminPoolDetails, 'pools'),
        apiPrefix(routes.ownedPools, 'pools'),
        userPoolsQueryOptions().queryKey,
      ]),
  });
}
