import { ownedPoolsReplySchema, poolSchema } from '@powerpool/contracts';
import type { CreatePoolBody, Pool } from '@powerpool/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** Owned pools are cached 5 minutes (admin spec section 7). */
const OWNED_POOLS_STALE_MS = 5 * 60_000;

export const ownedPoolsKey = ['/api/pools/owned'] as const;

/** GET /api/pools/owned: the commissioner's pools, or every pool for a super admin. */
export function getOwnedPools({ signal }: { signal?: AbortSignal } = {}): Promise<Pool[]> {
  return apiJson('GET', '/api/pools/owned', ownedPoolsReplySchema, undefined, { signal });
}

export function ownedPoolsQueryOptions() {
  return queryOptions({ queryKey: ownedPoolsKey, queryFn: getOwnedPools, staleTime: OWNED_POOLS_STALE_MS });
}

export function useOwnedPools() {
  return useQuery(ownedPoolsQueryOptions());
}

/** POST /api/pools */
export function createPool(body: CreatePoolBody): Promise<Pool> {
  return apiJson('POST', '/api/pools', poolSchema, body);
}

export function useCreatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPool,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ownedPoolsKey }),
        queryClient.invalidateQueries({ queryKey: ['/api/user/pools'] }),
      ]);
    },
  });
}

/** PUT /api/pools/{id}/activate (no body). */
export function activatePool(poolId: string): Promise<Pool> {
  return apiJson('PUT', `/api/pools/${encodeURIComponent(poolId)}/activate`, poolSchema);
}

export function useActivatePool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePool,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownedPoolsKey });
    },
  });
}
