/**
 * Every route of the app, defined once (docs/screens.md#routes).
 * `path` is the router pattern, `getHref` builds a link, `title` names the screen (its <h1> and
 * the document title).
 */
export const paths = {
  home: { path: '/', getHref: () => '/', title: 'Make Picks' },
  picks: { path: '/picks', getHref: () => '/picks', title: 'Make Picks' },
  leaderboard: { path: '/leaderboard', getHref: () => '/leaderboard', title: 'Season Leaderboard' },
  liveResults: { path: '/live-results', getHref: () => '/live-results', title: 'Live Results' },
  liveLeaderboard: {
    path: '/live-leaderboard/:poolId/:weekNumber',
    getHref: (poolId: string, weekNumber: number | string) => `/live-leaderboard/${encodeURIComponent(poolId)}/${encodeURIComponent(String(weekNumber))}`,
    title: 'Live Leaderboard',
  },
  liveLeaderboardDemo: { path: '/live-leaderboard-demo', getHref: () => '/live-leaderboard-demo', title: 'Live Leaderboard Demo' },
  admin: { path: '/admin', getHref: () => '/admin', title: 'Pool Management' },
  payments: { path: '/admin/payments', getHref: () => '/admin/payments', title: 'Payment Management' },
  siteAdmin: { path: '/site-admin', getHref: () => '/site-admin', title: 'Site Administration' },
  currentWeek: { path: '/weeks/current', getHref: () => '/weeks/current', title: 'Week Management' },
  week: {
    path: '/weeks/:weekNumber',
    /** `poolId` rides in `?pool=`, so a reload keeps the pool being managed. */
    getHref: (weekNumber: number | string, poolId?: string) =>
      `/weeks/${encodeURIComponent(String(weekNumber))}${poolId ? `?pool=${encodeURIComponent(poolId)}` : ''}`,
    title: 'Week Management',
  },
  /** Old address: redirects to `week`. */
  adminWeek: {
    path: '/admin/weeks/:weekNumber',
    getHref: (weekNumber: number | string) => `/admin/weeks/${encodeURIComponent(String(weekNumber))}`,
    title: 'Week Management',
  },
  profile: { path: '/profile', getHref: () => '/profile', title: 'Profile' },
  join: {
    path: '/join/:token',
    getHref: (token: string) => `/join/${encodeURIComponent(token)}`,
    title: 'Join Pool',
  },
  notFound: { path: '*', getHref: () => '/', title: 'Page Not Found' },
} as const;

export const APP_NAME = 'PowerPool';
/** Title of the landing page. */
export const LANDING_TITLE = `${APP_NAME} · Weekly NFL Power Pool`;

/** "Profile · PowerPool". */
export function documentTitle(screenTitle: string): string {
  return `${screenTitle} · ${APP_NAME}`;
}
