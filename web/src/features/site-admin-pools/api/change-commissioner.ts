import type { Pool } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi, apiPrefix } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { invalidateKeys } from '@/lib/query-client';
import { userPoolsQueryOptions } from '@/lib/user-pools';

export interface ChangeCommissionerVariables {
  poolId: string;
  userId: string;
}

/** PUT /api/admin/pools/{poolId}/commissioner: body userId. */
export function changeCommissioner({ poolId, userId }: ChangeCommissionerVariables): Promise<Pool> {
  return callApi(routes.changeCommissioner, { params: { poolId }, body: { userId } });
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
        apiPrefix(routes.adminPoolDetails, 'pools'),
        apiPrefix(routes.ownedPools, 'pools'),
        userPoolsQueryOptions().queryKey,
        apiKey(routes.globalUsers),
      ]),
  });
}
