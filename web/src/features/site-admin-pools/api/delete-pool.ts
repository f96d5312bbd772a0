import type { DeletePoolReply } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi, apiPrefix } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';

/** DELETE /api/admin/pools/{poolId}: the counts of what went with it. */
export function deletePool(poolId: string): Promise<DeletePoolReply> {
  return callApi(routes.deletePool, { params: { poolId } });
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
        apiPrefix(routes.adminPoolDetails, 'pools'),
        apiPrefix(routes.ownedPools, 'pools'),
        userPoolsQueryOptions().queryKey,
        apiKey(routes.globalUsers),
      ]),
  });
}
