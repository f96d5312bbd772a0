import type { WeekStatus } from '@powerpool/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTimePassed } from '@/hooks/use-time-passed';
import { apiKey, apiPrefix, callApi } from '@/lib/api-client';
import * as routes from '@/lib/api-routes.gen';
import { AFTER_DEADLINE_RETRY_MS, DEADLINE_GRACE_MS, LIVE_WEEK_FOLLOW_MS, WAITING_FOLLOW_MS } from '@/lib/follow-week';
import { NEW_POOL_RETRY } from '@/lib/new-pool-retry';
import { invalidateKeys } from '@/lib/query-client';

/** A week's state is cached 10 seconds (docs/screens.md#data-loading). */
const WEEK_STATE_STALE_MS = 10_000;

/** GET /api/pools/{poolId}/weeks/{weekNumber}/state: the pool's state of the week, its deadline and game counts. */
export function getWeekState(poolId: string, weekNumber: number, { signal }: { signal?: AbortSignal } = {}): Promise<WeekStatus> {
  return callApi(routes.weekState, { params: { poolId, weekNumber } }, { signal });
}

export function weekStateQueryOptions(poolId: string, weekNumber: number) {
  return queryOptions({
    queryKey: apiKey(routes.weekState, { params: { poolId, weekNumber } }),
    ...NEW_POOL_RETRY,
    queryFn: ({ signal }) => getWeekState(poolId, weekNumber, { signal }),
    staleTime: WEEK_STATE_STALE_MS,
  });
}

/**
 * What a change of a pool week (publish, a change of state, scores, a void ruling) can change:
 * everything under /api/pools/{poolId}/weeks/{weekNumber} (state, transitions, published games),
 * the pool's spreads of the week (locked at publish), the pool's week list and current week (both
 * carry the state), and the site admin's pool cards (they show the current week's state).
 */
export function poolWeekKeys(poolId: string, weekNumber: number): QueryKey[] {
  const params = { poolId, weekNumber };
  return [
    apiPrefix(routes.weekState, ':weekNumber', params),
    apiKey(routes.spreads, { params }),
    apiKey(routes.weeks, { query: { poolId } }),
    apiKey(routes.currentWeek, { query: { poolId } }),
    apiKey(routes.adminPoolDetails),
  ];
}

/** The options of the hooks that change a pool week's state (publish, transitions). */
export interface WeekChangeOptions<Reply, Variables> {
  /**
   * Runs once the change is made, before the reload. Give the success toast here, not to
   * `mutate`: the reload shows the new state, whose panel replaces the one that asked, and
   * `mutate`'s own callbacks do not run once their component is gone.
   */
  onSuccess?: (reply: Reply, variables: Variables) => void;
}

/**
 * How often a shown week's state reloads by itself (docs/screens.md#following-the-week, lib/follow-week.ts): every
 * LIVE_WEEK_FOLLOW_MS while the week is live (GAMES_IN_PROGRESS, SCORING: the counts of final
 * games, and the next step made by another commissioner or admin); every AFTER_DEADLINE_RETRY_MS
 * once the deadline of a published week has passed (the server moves it on by itself any
 * moment); every WAITING_FOLLOW_MS while the deadline is ahead (the Testing tab elsewhere: the
 * deadline itself is a timer on the page). SETUP and COMPLETE: never.
 */
export function weekStateRefetchInterval(status: WeekStatus | undefined, now = Date.now()): number | false {
  if (status?.currentState === 'GAMES_IN_PROGRESS' || status?.currentState === 'SCORING') return LIVE_WEEK_FOLLOW_MS;
  if (status?.currentState === 'PUBLISHED') {
    return status.pickDeadline && new Date(status.pickDeadline).getTime() <= now ? AFTER_DEADLINE_RETRY_MS : WAITING_FOLLOW_MS;
  }
  return false;
}

/**
 * `follow`: the week moves without the viewer (docs/screens.md#following-the-week). Reloads by itself on
 * `weekStateRefetchInterval`, once at the picks deadline of a published week (a timer, plus
 * DEADLINE_GRACE_MS: the server's clock decides), and when the state it reads has changed (another
 * commissioner, the automatic start) reloads what the change touches (poolWeekKeys: the games,
 * the transitions, the week lists), so the new state's panel shows current data.
 */
export function useWeekState(poolId: string, weekNumber: number, { follow = false }: { follow?: boolean } = {}) {
  const query = useQuery({ ...weekStateQueryOptions(poolId, weekNumber), refetchInterval: follow ? (q) => weekStateRefetchInterval(q.state.data) : false });
  const queryClient = useQueryClient();
  const { data, refetch } = query;
  const deadlinePassed = useTimePassed(follow && data?.currentState === 'PUBLISHED' ? data.pickDeadline : null, DEADLINE_GRACE_MS);
  useEffect(() => {
    if (deadlinePassed) void refetch();
  }, [deadlinePassed, refetch]);
  const seen = useRef(data?.currentState);
  const current = data?.currentState;
  useEffect(() => {
    const before = seen.current;
    seen.current = current;
    if (follow && before !== undefined && current !== undefined && before !== current) void invalidateKeys(queryClient, poolWeekKeys(poolId, weekNumber));
  }, [follow, current, queryClient, poolId, weekNumber]);
  return query;
}
