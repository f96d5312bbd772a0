import type { CreatePoolBody, Pool } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, apiPrefix, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';
import { ownedPoolsQueryOptions } from '@/lib/owned-pools';

/** POST /api/pools: the creator becomes its commissioner and first member. */
export function createPool(body: CreatePoolBody): Promise<Pool> {
  return callApi(routes.createPool, { body });
}

/**
 * Creates the pool, then reloads the lists that show it: owned pools, the creator's pools, the
 * site admin's pool lists, and the user list (the creator's pool assignments).
 */
export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPool,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        ownedPoolsQueryOptions().queryKey,
        userPoolsQueryOptions().queryKey,
        apiPrefix(routes.adminPoolDetails, 'pools'),
        apiKey(routes.globalUsers),
      ]),
  });
}
