import { identityEndpoints, poolsEndpoints } from '@powerpool/contracts';
import type { DeletePoolReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi, pathKey } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';

/** DELETE /api/admin/pools/{poolId}: the counts of what went with it. */
export function deletePool(poolId: string): Promise<DeletePoolReply> {
  return callApi(poolsEndpoints.deletePool, { params: { poolId } });
}

/**
 * Deletes the pool, then reloads every list that showed it: the site admin's, the commissioners'
 * (owned pools and their panels), the players', and the user list (assignments).
 */
export function useDeletePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePool,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        pathKey('/api/admin/pools'),
        pathKey('/api/pools'),
        userPoolsQueryOptions().queryKey,
        apiKey(identityEndpoints.globalUsers),
      ]),
  });
}
