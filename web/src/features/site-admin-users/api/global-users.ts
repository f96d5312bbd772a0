import { allPoolsReplySchema, currentUserSchema, globalUsersReplySchema, poolMemberDetailsSchema, removeMemberReplySchema } from '@powerpool/contracts';
import type { GlobalUser, Pool, Role } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export const globalUsersKey = ['/api/admin/users/global'] as const;
export const allPoolsKey = ['/api/admin/pools/all'] as const;

/** GET /api/admin/users/global: every user with their pool assignments. */
export function getGlobalUsers({ signal }: { signal?: AbortSignal } = {}): Promise<GlobalUser[]> {
  return apiJson('GET', '/api/admin/users/global', globalUsersReplySchema, undefined, { signal });
}

/** GET /api/admin/pools/all: every pool (for the filter and "add to pool"). */
export function getAllPools({ signal }: { signal?: AbortSignal } = {}): Promise<Pool[]> {
  return apiJson('GET', '/api/admin/pools/all', allPoolsReplySchema, undefined, { signal });
}

export const useGlobalUsers = () => useQuery(queryOptions({ queryKey: globalUsersKey, queryFn: getGlobalUsers }));
export const useAllPools = () => useQuery(queryOptions({ queryKey: allPoolsKey, queryFn: getAllPools }));

const userPoolPath = (userId: string, poolId: string) =>
  `/api/admin/users/${encodeURIComponent(userId)}/pools/${encodeURIComponent(poolId)}`;

/** PUT /api/admin/users/{userId}/role */
export function updateUserRole({ userId, role }: { userId: string; role: Role }) {
  return apiJson('PUT', `/api/admin/users/${encodeURIComponent(userId)}/role`, currentUserSchema, { role });
}

/** POST /api/admin/users/{userId}/pools/{poolId}: adds the user to the pool. */
export function addUserToPool({ userId, poolId }: { userId: string; poolId: string }) {
  return apiJson('POST', userPoolPath(userId, poolId), poolMemberDetailsSchema);
}

/** DELETE /api/admin/users/{userId}/pools/{poolId}: removes the user from the pool. */
export function removeUserFromPool({ userId, poolId }: { userId: string; poolId: string }) {
  return apiJson('DELETE', userPoolPath(userId, poolId), removeMemberReplySchema);
}

/** User changes; each reloads the user list and the pool lists whose counts change. */
export function useGlobalUserMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: globalUsersKey }),
      // Pool lists and member panels show counts and members that just changed.
      queryClient.invalidateQueries({ predicate: (q) => /^\/api\/(admin\/pools|pools|user\/pools)/.test(String(q.queryKey[0])) }),
      queryClient.invalidateQueries({ queryKey: ['/api/admin/users/payments'] }),
    ]);
  return {
    role: useMutation({ mutationFn: updateUserRole, onSuccess }),
    add: useMutation({ mutationFn: addUserToPool, onSuccess }),
    remove: useMutation({ mutationFn: removeUserFromPool, onSuccess }),
  };
}
