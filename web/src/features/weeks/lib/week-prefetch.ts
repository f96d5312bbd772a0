import type { QueryClient } from '@tanstack/react-query';
import type { ViewQuery } from '@/lib/first-view';
import { weeksQueryOptions } from '@/lib/pool-weeks';
import { publishedGamesQueryOptions } from '@/lib/published-games';
import { pickStatsQueryOptions } from '@/features/weeks/api/pick-stats-query';
import { weekStateQueryOptions } from '@/features/weeks/api/week-state-query';

/**
 * The part of Week Management's first view (week-first-view.ts) that the signed-in first load asks
 * before the screen's code has run (app/first-screen.ts): the calls of `firstScreenRoutes`, which
 * the first load's code has. The week's state and the pool's weeks together; then, in every state
 * after SETUP, the published games and, while PUBLISHED, the pick counts. What SETUP and COMPLETE
 * add (their games, the spreads, the scoring review) goes by management routes, which only the
 * screen's chunk carries: the screen's first view asks those.
 */
export function weekFirstLoad(poolId: string, weekNumber: number) {
  return (client: QueryClient): ViewQuery[] => {
    const state = weekStateQueryOptions(poolId, weekNumber);
    const first: ViewQuery[] = [state, weeksQueryOptions(poolId)];
    const current = client.getQueryData(state.queryKey)?.currentState;
    if (current === undefined || current === 'SETUP') return first;
    const published = [...first, publishedGamesQueryOptions(poolId, weekNumber)];
    return current === 'PUBLISHED' ? [...published, pickStatsQueryOptions(poolId, weekNumber)] : published;
  };
}
