import { deletePoolReplySchema, globalUsersReplySchema, poolAdminDetailsReplySchema, poolSchema } from '@powerpool/contracts';
import type { DeletePoolReply, GlobalUser, PoolAdminDetails } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export const adminPoolsKey = ['/api/admin/pools/details'] as const;

/** GET /api/admin/pools/details: every pool with counts and its commissioner. */
export function getAdminPools({ signal }: { signal?: AbortSignal } = {}): Promise<PoolAdminDetails[]> {
  return apiJson('GET', '/api/admin/pools/details', poolAdminDetailsReplySchema, undefined, { signal });
}

/** GET /api/admin/users/global: the users the Change Commissioner dialog chooses from. */
export function getUsers({ signal }: { signal?: AbortSignal } = {}): Promise<GlobalUser[]> {
  return apiJson('GET', '/api/admin/users/global', globalUsersReplySchema, undefined, { signal });
}

export const useAdminPools = () => useQuery(queryOptions({ queryKey: adminPoolsKey, queryFn: getAdminPools }));
export const useCandidateUsers = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ['/api/admin/users/global'], queryFn: getUsers, enabled }));

/** PUT /api/admin/pools/{poolId}/commissioner: body userId. */
export function changeCommissioner({ poolId, userId }: { poolId: string; userId: string }) {
  return apiJson('PUT', `/api/admin/pools/${encodeURIComponent(poolId)}/commissioner`, poolSchema, { userId });
}

/** DELETE /api/admin/pools/{poolId}: the counts of what went with it. */
export function deletePool(poolId: string): Promise<DeletePoolReply> {
  return apiJson('DELETE', `/api/admin/pools/${encodeURIComponent(poolId)}`, deletePoolReplySchema);
}

export function useAdminPoolMutations() {
  const queryClient = useQueryClient();
  // Every pool list and the user list (pool assignments) may show the changed pool.
  const onSuccess = () =>
    queryClient.invalidateQueries({
      predicate: (q) => /^\/api\/(admin\/pools|pools|user\/pools|admin\/users\/global)/.test(String(q.queryKey[0])),
    });
  return {
    changeCommissioner: useMutation({ mutationFn: changeCommissioner, onSuccess }),
    remove: useMutation({ mutationFn: deletePool, onSuccess }),
  };
}
