import type { UserPool } from '@powerpool/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, callApi } from './api-client';
import * as routes from '@/lib/api-routes.gen';

/*
 * The signed-in user's pools. Shared: the picks screen, leaderboards and the home pool selector
 * all start from it, and features cannot import each other.
 */

/** GET /api/user/pools */
export function getUserPools({ signal }: { signal?: AbortSignal } = {}): Promise<UserPool[]> {
  return callApi(routes.userPools, {}, { signal });
}

export function userPoolsQueryOptions() {
  return queryOptions({ queryKey: apiKey(routes.userPools), queryFn: getUserPools });
}

export function useUserPools() {
  return useQuery(userPoolsQueryOptions());
}

/**
 * What a link to Make Picks may carry in its history state: the pool to show first (the join
 * page's "Go to Pool" for a member). Make Picks has no pool in its address (docs/screens.md#make-picks).
 */
export interface PicksLocationState {
  poolId?: string;
}

/** The pool asked for by the link that opened Make Picks, if any. */
export function requestedPoolId(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { poolId } = state as PicksLocationState;
  return typeof poolId === 'string' ? poolId : undefined;
}

/** The pool Make Picks shows: the one chosen (or asked for by the link), else the player's first. */
export function shownPool<P extends { id: string }>(pools: readonly P[], chosenId: string | undefined): P | undefined {
  return pools.find((p) => p.id === chosenId) ?? pools[0];
}
