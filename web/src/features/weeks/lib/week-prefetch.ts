import type { QueryClient } from '@tanstack/react-query';
import type { ViewQuery } from '@/lib/first-view';
import { weeksQueryOptions } from '@/lib/pool-weeks';
import { publishedGamesQueryOptions } from '@/lib/published-games';
import { pickStatsQueryOptions } from '@/features/weeks/api/get-pick-stats';
import { weekStateQueryOptions } from '@/features/weeks/api/get-week-state';

/**
 * The part of Week Management's first view (week-first-view.ts) that is prefetched before the
 * screen's code arrives (app/prefetch.ts), by queries whose code is in the first load: the week's
 * state and the pool's weeks together; then, in every state after SETUP, the published games and,
 * while PUBLISHED, the pick counts. What SETUP and COMPLETE add (their games, the spreads, the
 * scoring review) is asked by the screen's first view: those queries' code is in the screen's
 * chunk only.
 */
export function weekPrefetch(poolId: string, weekNumber: number) {
  return (client: QueryClient): ViewQuery[] => {
    const state = weekStateQueryOptions(poolId, weekNumber);
    const first: ViewQuery[] = [state, weeksQueryOptions(poolId)];
    const current = client.getQueryData(state.queryKey)?.currentState;
    if (current === undefined || current === 'SETUP') return first;
    const published = [...first, publishedGamesQueryOptions(poolId, weekNumber)];
    return current === 'PUBLISHED' ? [...published, pickStatsQueryOptions(poolId, weekNumber)] : published;
  };
}
