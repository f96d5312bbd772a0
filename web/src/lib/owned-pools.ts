import type { Pool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';

/*
 * The pools the signed-in commissioner manages. Shared: /admin (pools feature) and week
 * management (weeks feature) both start from it, and features cannot import each other.
 */

/** Owned pools are cached 5 minutes (docs/screens.md#data-loading). */
const OWNED_POOLS_STALE_MS = 5 * 60_000;

/** GET /api/pools/owned: the commissioner's pools, or every pool for a super admin. */
export function getOwnedPools({ signal }: { signal?: AbortSignal } = {}): Promise<Pool[]> {
  return callApi(routes.ownedPools, {}, { signal });
}

export function ownedPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.ownedPools), queryFn: getOwnedPools, staleTime: OWNED_POOLS_STALE_MS });
}

export function useOwnedPools() {
  return useQuery(ownedPoolsQueryOptions());
}

/**
 * The pool a management screen shows: the chosen one while it exists, else the first the viewer
 * commissions, else the first (a super admin managing someone else's pool).
 */
export function pickManagedPool<P extends Pick<Pool, 'id' | 'poolCommissionerId'>>(
  pools: readonly P[],
  chosenId: string | null | undefined,
  userId: string,
): P | undefined {
  return pools.find((p) => p.id === chosenId) ?? pools.find((p) => p.poolCommissionerId === userId) ?? pools[0];
}
