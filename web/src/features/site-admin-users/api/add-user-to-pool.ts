import { poolsEndpoints } from '@powerpool/contracts';
import type { PoolMemberDetails } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, pathKey } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { globalUsersQueryOptions } from './get-global-users';

export interface AddUserToPoolVariables {
  userId: string;
  poolId: string;
}

/** POST /api/admin/users/{userId}/pools/{poolId}: adds the user to the pool. */
export function addUserToPool({ userId, poolId }: AddUserToPoolVariables): Promise<PoolMemberDetails> {
  return callApi(poolsEndpoints.adminAddUserToPool, { params: { userId, poolId } });
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
      invalidateKeys(queryClient, [globalUsersQueryOptions().queryKey, pathKey('/api/admin/pools'), pathKey('/api/pools'), userPoolsQueryOptions().queryKey]),
  });
}
