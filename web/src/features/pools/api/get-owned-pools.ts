import { poolsEndpoints } from '@powerpool/contracts';
import type { Pool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from '../../../lib/api-client';

/** Owned pools are cached 5 minutes (admin spec section 7). */
const OWNED_POOLS_STALE_MS = 5 * 60_000;

/** GET /api/pools/owned: the commissioner's pools, or every pool for a super admin. */
export function getOwnedPools({ signal }: { signal?: AbortSignal } = {}): Promise<Pool[]> {
  return callApi(poolsEndpoints.ownedPools, {}, { signal });
}

export function ownedPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(poolsEndpoints.ownedPools), queryFn: getOwnedPools, staleTime: OWNED_POOLS_STALE_MS });
}

export function useOwnedPools() {
  return useQuery(ownedPoolsQueryOptions());
}
