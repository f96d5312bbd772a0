import type { QueryClient } from '@tanstack/react-query';
import type { ViewQuery } from '../../../lib/first-view';
import { publishedGamesQueryOptions } from '../../../lib/published-games';
import { weeksQueryOptions } from '../../../lib/pool-weeks';
import { pickStatsQueryOptions } from '../api/get-pick-stats';
import { poolSpreadsQueryOptions } from '../api/get-pool-spreads';
import { scoringReviewQueryOptions } from '../api/get-scoring-review';
import { setupGamesQueryOptions } from '../api/get-setup-games';
import { weekStateQueryOptions } from '../api/week-state-query';

/**
 * What Week Management's first view of a pool's week reads (lib/first-view.tsx): the week's state
 * and the pool's weeks (the title and Quick Jump), then what the state's panel shows on arrival
 * (docs/week.md#states): SETUP its games and the pool's spreads; PUBLISHED the published games and
 * the pick counts; GAMES_IN_PROGRESS and SCORING the published games; COMPLETE the games and the
 * scoring review. The emergency pick entry asks for its own once opened.
 */
export function weekFirstView(poolId: string, weekNumber: number) {
  return (client: QueryClient): ViewQuery[] => {
    const state = weekStateQueryOptions(poolId, weekNumber);
    const first: ViewQuery[] = [state, weeksQueryOptions(poolId)];
    switch (client.getQueryData(state.queryKey)?.currentState) {
      case 'SETUP':
        return [...first, setupGamesQueryOptions(poolId, weekNumber), poolSpreadsQueryOptions(poolId, weekNumber)];
      case 'PUBLISHED':
        return [...first, publishedGamesQueryOptions(poolId, weekNumber), pickStatsQueryOptions(poolId, weekNumber)];
      case 'GAMES_IN_PROGRESS':
      case 'SCORING':
        return [...first, publishedGamesQueryOptions(poolId, weekNumber)];
      case 'COMPLETE':
        return [...first, publishedGamesQueryOptions(poolId, weekNumber), scoringReviewQueryOptions(poolId, weekNumber)];
      default:
        return first;
    }
  };
}
