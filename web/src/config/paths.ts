/**
 * Every route of the app, defined once (docs/screens.md#routes).
 * `path` is the router pattern, `getHref` builds a link, `title` names the screen (its <h1> and
 * the document title), `description` is its `<meta name="description">` (search results and link
 * previews; each route its own).
 */
export const paths = {
  home: {
    path: '/',
    getHref: () => '/',
    title: 'Make Picks',
    description: 'Make your weekly NFL picks: choose your games, rank your confidence and play your power pick before the deadline.',
  },
  picks: {
    path: '/picks',
    getHref: () => '/picks',
    title: 'Make Picks',
    description: 'Make your weekly NFL picks: choose your games, rank your confidence and play your power pick before the deadline.',
  },
  leaderboard: {
    path: '/leaderboard',
    getHref: () => '/leaderboard',
    title: 'Season Leaderboard',
    description: "Season standings of your PowerPool pool: every player's points, week by week.",
  },
  liveResults: {
    path: '/live-results',
    getHref: () => '/live-results',
    title: 'Live Results',
    description: "Live results of this week's NFL games and how each pick in your pool is scoring.",
  },
  liveLeaderboard: {
    path: '/live-leaderboard/:poolId/:weekNumber',
    getHref: (poolId: string, weekNumber: number | string) => `/live-leaderboard/${encodeURIComponent(poolId)}/${encodeURIComponent(String(weekNumber))}`,
    title: 'Live Leaderboard',
    description: "The week's live leaderboard: scores, game clocks and every player's points as the games are played.",
  },
  liveLeaderboardDemo: {
    path: '/live-leaderboard-demo',
    getHref: () => '/live-leaderboard-demo',
    title: 'Live Leaderboard Demo',
    description: 'Try the live leaderboard with a sample week: game clocks, scores and standings that update as you play it.',
  },
  admin: {
    path: '/admin',
    getHref: () => '/admin',
    title: 'Pool Management',
    description: 'Manage your pool: invite players, manage members and set up the weeks of the season.',
  },
  payments: {
    path: '/admin/payments',
    getHref: () => '/admin/payments',
    title: 'Payment Management',
    description: 'Track who has paid their pool entry and record payments.',
  },
  siteAdmin: {
    path: '/site-admin',
    getHref: () => '/site-admin',
    title: 'Site Administration',
    description: 'Site administration: sports data from ESPN, every user and every pool.',
  },
  currentWeek: {
    path: '/weeks/current',
    getHref: () => '/weeks/current',
    title: 'Week Management',
    description: 'Manage the current week of your pool: games, spreads, deadline and scores.',
  },
  week: {
    path: '/weeks/:weekNumber',
    /** `poolId` rides in `?pool=`, so a reload keeps the pool being managed. */
    getHref: (weekNumber: number | string, poolId?: string) =>
      `/weeks/${encodeURIComponent(String(weekNumber))}${poolId ? `?pool=${encodeURIComponent(poolId)}` : ''}`,
    title: 'Week Management',
    description: 'Manage a week of your pool: choose its games, set spreads, publish it and update scores.',
  },
  /** Old address: redirects to `week`. */
  adminWeek: {
    path: '/admin/weeks/:weekNumber',
    getHref: (weekNumber: number | string) => `/admin/weeks/${encodeURIComponent(String(weekNumber))}`,
    title: 'Week Management',
    description: 'Manage a week of your pool: choose its games, set spreads, publish it and update scores.',
  },
  profile: { path: '/profile', getHref: () => '/profile', title: 'Profile', description: 'Your PowerPool profile: how your name appears in your pools.' },
  join: {
    path: '/join/:token',
    getHref: (token: string) => `/join/${encodeURIComponent(token)}`,
    title: 'Join Pool',
    description: 'Join a PowerPool pool with your invitation.',
  },
  notFound: { path: '*', getHref: () => '/', title: 'Page Not Found', description: 'This PowerPool page does not exist.' },
} as const;

export const APP_NAME = 'PowerPool';
/** Title of the landing page. */
const LANDING_TITLE = `${APP_NAME} · Weekly NFL Power Pool`;
/** The landing page's document title and description (index.html carries the same until the app starts). */
export const LANDING_META: DocumentMeta = {
  title: LANDING_TITLE,
  description: 'Make your weekly NFL picks with confidence rankings and power picks.',
};

/** What the browser shows for a screen: `document.title` and `<meta name="description">`. */
export interface DocumentMeta {
  title: string;
  description: string;
}

/** "Profile · PowerPool". */
function documentTitle(screenTitle: string): string {
  return `${screenTitle} · ${APP_NAME}`;
}

/** A route's document title ("Profile · PowerPool", or `screenTitle` when the screen names itself more precisely) and description. */
export function routeMeta(route: { title: string; description: string }, screenTitle: string = route.title): DocumentMeta {
  return { title: documentTitle(screenTitle), description: route.description };
}
