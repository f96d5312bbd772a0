import type { PoolMemberDetails } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, apiPrefix } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { globalUsersQueryOptions } from './get-global-users';

export interface AddUserToPoolVariables {
  userId: string;
  poolId: string;
}

/** POST /api/admin/users/{userId}/pools/{poolId}: adds the user to the pool. */
export function addUserToPool({ userId, poolId }: AddUserToPoolVariables): Promise<PoolMemberDetails> {
  return callApi(routes.adminAddUserToPool, { params: { userId, poolId } });
}

/**
 * Adds the user, then reloads the user list (pool assignments) and every pool list and panel whose
 * members or counts changed (the site admin's, the commissioners', the user's own pools).
 */
export function useAddUserToPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUserToPool,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        globalUsersQueryOptions().queryKey,
        apiPrefix(routes.adminPoolDetails, 'pools'),
        apiPrefix(routes.ownedPools, 'pools'),
        userPoolsQueryOptions().queryKey,
      ]),
  });
}
