import type { Pool } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPrefix, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { ownedPoolsQueryOptions } from '@/lib/owned-pools';

/** PUT /api/pools/{poolId}/activate (no body). */
export function activatePool(poolId: string): Promise<Pool> {
  return callApi(routes.activatePool, { params: { poolId } });
}

/** Activates the pool, then reloads the owned pools and the site admin's pool lists (they show the status). */
export function useActivatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePool,
    onSuccess: () => invalidateKeys(queryClient, [ownedPoolsQueryOptions().queryKey, apiPrefix(routes.adminPoolDetails, 'pools')]),
  });
}
