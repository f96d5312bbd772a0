import type { EndpointResult, poolsEndpoints } from '@powerpool/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiKey, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';

export interface RemoveMemberVariables {
  poolId: string;
  userId: string;
}

/** DELETE /api/pools/{poolId}/members/remove/{userId} */
export function removeMember({ poolId, userId }: RemoveMemberVariables): Promise<EndpointResult<typeof poolsEndpoints.removeMember>> {
  return callApi(routes.removeMember, { params: { poolId, userId } });
}

/** Removes the member, then reloads everything under /api/pools/{poolId}/members (details and stats). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_reply, { poolId }) => queryClient.invalidateQueries({ queryKey: apiKey(routes.members, { params: { poolId } }) }),
  });
}
