import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { isWeekNumber } from '@powerpool/contracts';
import type { CurrentUser } from '@powerpool/contracts';
import { paths } from '@/config/paths';
import { liveLeaderboardQueryOptions } from '@/features/live-leaderboard/api/live-leaderboard-query';
import { makePicksFirstView } from '@/features/picks/lib/make-picks-first-view';
import { weekStateQueryOptions } from '@/features/weeks/api/get-week-state';
import { weekPrefetch } from '@/features/weeks/lib/week-prefetch';
import { parseWeekParam } from '@/features/weeks/lib/week-param';
import { currentUserQueryOptions, hasSignedInHint } from '@/lib/auth';
import { currentWeekQueryOptions } from '@/lib/current-week';
import { askFirstView } from '@/lib/first-view';
import { ownedPoolsQueryOptions, pickManagedPool } from '@/lib/owned-pools';
import { canManagePools, isSuperAdmin } from '@/lib/roles';
import { requestedPoolId, userPoolsQueryOptions } from '@/lib/user-pools';

/**
 * Prefetch (docs/screens.md#data-loading): starts the calls of the screen a signed-in visit opens
 * on as soon as the app's code runs, before the screen's code arrives, instead of each request
 * waiting for the screen that asks for it: the user, and on Make Picks its code and the player's
 * pools, then the pool's current week, then its games and the player's picks together. Week Management, Pool Management, Live Results and the live
 * leaderboard likewise start their code and their first view's data together (`prefetchWeek`,
 * `prefetchLiveResults`). Without the signed-in hint nobody is signed in: nothing is asked and
 * no code is fetched (the landing page). The screens read the same queries from the cache; a
 * request that fails here is asked again by the screen, which shows the failure.
 */
export function prefetchScreen(client: QueryClient, { pathname, search = '', state }: { pathname: string; search?: string; state: unknown }): void {
  if (!hasSignedInHint()) return;
  void client.prefetchQuery(currentUserQueryOptions());
  const ignore = () => undefined;
  if (pathname === paths.home.path || pathname === paths.picks.path) {
    // The screen's code, with the chunks it imports (Vite preloads them alongside).
    import('@/features/picks/components/picks-page').catch(ignore);
    askFirstView(client, makePicksFirstView(requestedPoolId(state))).catch(ignore);
    return;
  }
  if (pathname === paths.admin.path) {
    prefetchForManager(client, () => {
      import('./routes/pool-management').catch(ignore);
      return client.prefetchQuery(ownedPoolsQueryOptions());
    }).catch(ignore);
    return;
  }
  if (pathname === paths.liveResults.path) {
    prefetchLiveResults(client).catch(ignore);
    return;
  }
  const live = matchPath(paths.liveLeaderboard.path, pathname);
  const liveWeek = Number(live?.params.weekNumber);
  if (live?.params.poolId && isWeekNumber(liveWeek)) {
    import('./routes/live-leaderboard').catch(ignore);
    void client.prefetchQuery(liveLeaderboardQueryOptions(live.params.poolId, liveWeek));
    return;
  }
  const week = matchPath(paths.week.path, pathname);
  const weekParam = week ? parseWeekParam(week.params.weekNumber) : undefined;
  if (weekParam?.kind === 'week') {
    const { weekNumber } = weekParam;
    prefetchForManager(client, (user) => {
      import('./routes/week-management').catch(ignore);
      return prefetchWeek(client, user, weekNumber, new URLSearchParams(search).get('pool'));
    }).catch(ignore);
  }
}

/**
 * The pool management screens are behind the commissioners' guard (RequireRole): their code and
 * calls start once the user is known to be one, so nobody else's first load asks for what the
 * server would refuse (a 403 the browser logs) or fetches code the guard will not show.
 */
async function prefetchForManager(client: QueryClient, prefetch: (user: CurrentUser) => Promise<void>): Promise<void> {
  const user = await client.fetchQuery(currentUserQueryOptions());
  if (user && canManagePools(user.role)) await prefetch(user);
}

/**
 * Week Management (/weeks/{n}?pool=), for a commissioner or super admin: the pool the page shows
 * (its rule, pickManagedPool), then the part of its first view prefetched with it
 * (`weekPrefetch`: the week's state and the pool's weeks, then the published games and the pick
 * counts). The week's state of a pool named by the address is asked at once, beside the viewer's
 * pools.
 */
async function prefetchWeek(client: QueryClient, user: CurrentUser, weekNumber: number, requested: string | null): Promise<void> {
  if (requested) void client.prefetchQuery(weekStateQueryOptions(requested, weekNumber));
  const pools = await client.fetchQuery(ownedPoolsQueryOptions());
  const pool = pickManagedPool(pools, requested, user.id);
  if (pool) await askFirstView(client, weekPrefetch(pool.id, weekNumber));
}

/**
 * Live Results sends a player on to the live leaderboard of their first pool's current week
 * (LiveResultsPage's rule): that screen's code and board are fetched with the pools and the week.
 * A super admin chooses the pool there: nothing more is asked.
 */
async function prefetchLiveResults(client: QueryClient): Promise<void> {
  import('./routes/live-results').catch(() => undefined);
  const [user, pools] = await Promise.all([client.fetchQuery(currentUserQueryOptions()), client.fetchQuery(userPoolsQueryOptions())]);
  const pool = pools[0];
  if (!user || isSuperAdmin(user.role) || !pool) return;
  import('./routes/live-leaderboard').catch(() => undefined);
  const week = await client.fetchQuery(currentWeekQueryOptions(pool.id));
  await client.prefetchQuery(liveLeaderboardQueryOptions(pool.id, week.weekNumber));
}
