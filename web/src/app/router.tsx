import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireRole } from '../lib/authorization';
import { ACCESS_RULES } from '../lib/roles';
import { AdminWeekRedirectRoute } from './routes/admin-week-redirect';
import { CurrentWeekRoute } from './routes/current-week';
import { JoinRoute } from './routes/join';
import { LiveLeaderboardRoute } from './routes/live-leaderboard';
import { LiveLeaderboardDemoRoute } from './routes/live-leaderboard-demo';
import { LiveResultsRoute } from './routes/live-results';
import { NotFoundRoute } from './routes/not-found';
import { PaymentsRoute } from './routes/payments';
import { PicksRoute } from './routes/picks';
import { PoolManagementRoute } from './routes/pool-management';
import { ProfileRoute } from './routes/profile';
import { RootLayout } from './routes/root';
import { RouteErrorScreen } from './routes/route-error';
import { SeasonLeaderboardRoute } from './routes/season-leaderboard';
import { SignedInLayout } from './routes/signed-in';
import { SiteAdminRoute } from './routes/site-admin';
import { WeekManagementRoute } from './routes/week-management';

/**
 * The route table (player spec section 2). The root waits for the current user; signed-in routes
 * show the landing page (with `returnTo`) to visitors; role groups sit behind one guard.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { path: paths.join.path, element: <JoinRoute /> },
      {
        element: <SignedInLayout />,
        children: [
          { path: paths.home.path, element: <PicksRoute /> },
          { path: paths.picks.path, element: <PicksRoute /> },
          { path: paths.leaderboard.path, element: <SeasonLeaderboardRoute /> },
          { path: paths.liveResults.path, element: <LiveResultsRoute /> },
          { path: paths.liveLeaderboard.path, element: <LiveLeaderboardRoute /> },
          { path: paths.liveLeaderboardDemo.path, element: <LiveLeaderboardDemoRoute /> },
          { path: paths.profile.path, element: <ProfileRoute /> },
          { path: paths.adminWeek.path, element: <AdminWeekRedirectRoute /> },
          {
            element: <RequireRole rule={ACCESS_RULES.poolManager} />,
            children: [
              { path: paths.admin.path, element: <PoolManagementRoute /> },
              { path: paths.currentWeek.path, element: <CurrentWeekRoute /> },
              { path: paths.week.path, element: <WeekManagementRoute /> },
            ],
          },
          {
            element: <RequireRole rule={ACCESS_RULES.superAdmin} />,
            children: [
              { path: paths.siteAdmin.path, element: <SiteAdminRoute /> },
              // Payments are per user, across pools: identity answers super admins only.
              { path: paths.payments.path, element: <PaymentsRoute /> },
            ],
          },
        ],
      },
      { path: paths.notFound.path, element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const router = useMemo(createAppRouter, []);
  return <RouterProvider router={router} />;
}
