import { useMemo } from 'react';
import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { paths } from '@/config/paths';
import { currentUserQueryOptions } from '@/lib/auth';
import { RequireRole } from '@/lib/authorization';
import { queryClient } from '@/lib/query-client';
import { ACCESS_RULES } from '@/lib/roles';
import { AdminWeekRedirectRoute } from './routes/admin-week-redirect';
import { NotFoundRoute } from './routes/not-found';
import { PicksRoute } from './routes/picks';
import { RootLayout } from './routes/root';
import { RouteErrorScreen, ScreenErrorScreen } from './routes/route-error';
import { SignedInLayout } from './routes/signed-in';

/**
 * A screen loaded on demand: its module (and what only it imports) is a separate chunk, fetched
 * the first time the route matches. While it loads the current screen stays and the root shows a
 * progress bar (the first page of a visit shows the root's fallback instead); a chunk that fails
 * to load ends in the offline state when the browser is offline (ScreenErrorScreen), else (e.g. an
 * old tab after a deploy) in the route error screen, whose button reloads.
 */
function onDemand<M>(load: () => Promise<M>, screen: (module: M) => ComponentType) {
  return async () => ({ Component: screen(await load()) });
}

/**
 * The route table (docs/screens.md#routes). The root waits for the current user; signed-in routes
 * show the landing page (with `returnTo`) to visitors; role groups sit behind one guard.
 * The landing page and Make Picks' route are in the entry chunk (Make Picks' body loads on demand,
 * so visitors never fetch it); the leaderboards (season, live and the demo), live results, the screens most
 * players never open (pool, week and site administration, payments) and the join and profile
 * screens load on demand. The live leaderboard sends visitors to / rather than to the landing page.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingScreen fullPage />,
    children: [
      {
        // A screen that fails offline shows the offline state in the shell; other errors go to the root's.
        errorElement: <ScreenErrorScreen />,
        children: [
          {
            path: paths.join.path,
            lazy: onDemand(
              () => import('./routes/join'),
              (m) => m.JoinRoute,
            ),
          },
          {
            element: <SignedInLayout />,
            children: [
              { path: paths.home.path, element: <PicksRoute /> },
              { path: paths.picks.path, element: <PicksRoute /> },
              {
                path: paths.leaderboard.path,
                lazy: onDemand(
                  () => import('./routes/season-leaderboard'),
                  (m) => m.SeasonLeaderboardRoute,
                ),
              },
              {
                path: paths.liveResults.path,
                lazy: onDemand(
                  () => import('./routes/live-results'),
                  (m) => m.LiveResultsRoute,
                ),
              },
              {
                path: paths.liveLeaderboardDemo.path,
                lazy: onDemand(
                  () => import('./routes/live-leaderboard-demo'),
                  (m) => m.LiveLeaderboardDemoRoute,
                ),
              },
              {
                path: paths.profile.path,
                lazy: onDemand(
                  () => import('./routes/profile'),
                  (m) => m.ProfileRoute,
                ),
              },
              { path: paths.adminWeek.path, element: <AdminWeekRedirectRoute /> },
              {
                element: <RequireRole rule={ACCESS_RULES.poolManager} />,
                children: [
                  {
                    path: paths.admin.path,
                    lazy: onDemand(
                      () => import('./routes/pool-management'),
                      (m) => m.PoolManagementRoute,
                    ),
                  },
                  {
                    path: paths.currentWeek.path,
                    lazy: onDemand(
                      () => import('./routes/current-week'),
                      (m) => m.CurrentWeekRoute,
                    ),
                  },
                  {
                    path: paths.week.path,
                    lazy: onDemand(
                      () => import('./routes/week-management'),
                      (m) => m.WeekManagementRoute,
                    ),
                  },
                ],
              },
              {
                element: <RequireRole rule={ACCESS_RULES.superAdmin} />,
                children: [
                  {
                    path: paths.siteAdmin.path,
                    lazy: onDemand(
                      () => import('./routes/site-admin'),
                      (m) => m.SiteAdminRoute,
                    ),
                  },
                  // Payments are per user, across pools: identity answers super admins only.
                  {
                    path: paths.payments.path,
                    lazy: onDemand(
                      () => import('./routes/payments'),
                      (m) => m.PaymentsRoute,
                    ),
                  },
                ],
              },
            ],
          },
          // Visitors are sent to / rather than shown the landing page: the route itself checks.
          {
            path: paths.liveLeaderboard.path,
            lazy: onDemand(
              () => import('./routes/live-leaderboard'),
              (m) => m.LiveLeaderboardRoute,
            ),
          },
          { path: paths.notFound.path, element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  // The root waits for the current user; ask now, so a first page that loads on demand fetches
  // its chunk and the user at the same time instead of one after the other.
  void queryClient.prefetchQuery(currentUserQueryOptions());
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const router = useMemo(createAppRouter, []);
  return <RouterProvider router={router} />;
}
