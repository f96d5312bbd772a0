import type { QueryClient } from '@tanstack/react-query';
import type { ViewQuery } from '@/lib/first-view';
import { poolSpreadsQueryOptions } from '@/features/weeks/api/get-pool-spreads';
import { scoringReviewQueryOptions } from '@/features/weeks/api/get-scoring-review';
import { setupGamesQueryOptions } from '@/features/weeks/api/get-setup-games';
import { weekStateQueryOptions } from '@/features/weeks/api/get-week-state';
import { weekPrefetch } from './week-prefetch';

/**
 * What Week Management's first view of a pool's week reads (lib/first-view.tsx): the week's state
 * and the pool's weeks (the title and Quick Jump), then what the state's panel shows on arrival
 * (docs/week.md#states): SETUP its games and the pool's spreads; PUBLISHED the published games and
 * the pick counts; GAMES_IN_PROGRESS and SCORING the published games; COMPLETE the games and the
 * scoring review. The part prefetched before the screen's code arrives is `weekPrefetch`; this adds SETUP's and
 * COMPLETE's own. The emergency pick entry asks for its own once opened.
 */
export function weekFirstView(poolId: string, weekNumber: number) {
  const prefetched = weekPrefetch(poolId, weekNumber);
  return (client: QueryClient): ViewQuery[] => {
    const queries = prefetched(client);
    switch (client.getQueryData(weekStateQueryOptions(poolId, weekNumber).queryKey)?.currentState) {
      case 'SETUP':
        return [...queries, setupGamesQueryOptions(poolId, weekNumber), poolSpreadsQueryOptions(poolId, weekNumber)];
      case 'COMPLETE':
        return [...queries, scoringReviewQueryOptions(poolId, weekNumber)];
      default:
        return queries;
    }
  };
}
