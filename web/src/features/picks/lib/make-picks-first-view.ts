import type { QueryClient } from '@tanstack/react-query';
import { currentWeekQueryOptions } from '@/lib/current-week';
import type { ViewQuery } from '@/lib/first-view';
import { publishedGamesQueryOptions } from '@/lib/published-games';
import { shownPool, userPoolsQueryOptions } from '@/lib/user-pools';
import { myPicksQueryOptions } from '@/features/picks/api/get-my-picks';

/**
 * What Make Picks' first view reads (lib/first-view.tsx), each step once the one before has
 * answered: the player's pools; the pool shown (`shownPool`) and its current week; the week's
 * published games and the player's saved picks. The same chain is prefetched before the screen's
 * code arrives (app/prefetch.ts).
 */
export function makePicksFirstView(requestedPoolId: string | undefined) {
  return (client: QueryClient): ViewQuery[] => {
    const pools = userPoolsQueryOptions();
    const pool = shownPool(client.getQueryData(pools.queryKey) ?? [], requestedPoolId);
    if (!pool) return [pools];
    const week = currentWeekQueryOptions(pool.id);
    const current = client.getQueryData(week.queryKey);
    if (!current) return [pools, week];
    return [pools, week, publishedGamesQueryOptions(pool.id, current.weekNumber), myPicksQueryOptions(current.id, pool.id)];
  };
}
