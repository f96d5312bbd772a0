import { identityEndpoints, poolsEndpoints } from '@powerpool/contracts';
import type { Pool } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi, pathKey } from '@/lib/api-client';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';

export interface ChangeCommissionerVariables {
  poolId: string;
  userId: string;
}

/** PUT /api/admin/pools/{poolId}/commissioner: body userId. */
export function changeCommissioner({ poolId, userId }: ChangeCommissionerVariables): Promise<Pool> {
  return callApi(poolsEndpoints.changeCommissioner, { params: { poolId }, body: { userId } });
}

/**
 * Changes the commissioner, then reloads every list that shows the pool: the site admin's, the
 * commissioners' (owned pools and their panels), the players', and the user list (assignments).
 */
export function useChangeCommissioner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCommissioner,
    onSuccess: () =>
      invalidateKeys(queryClient, [
        pathKey('/api/admin/pools'),
        pathKey('/api/pools'),
        userPoolsQueryOptions().queryKey,
        apiKey(identityEndpoints.globalUsers),
      ]),
  });
}
