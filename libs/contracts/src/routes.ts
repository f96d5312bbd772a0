import type { ServiceName } from './common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may reach a route through the gateway. `public`: anyone (the gateway still signs an
 * assertion, anonymous when signed out). `session`: a signed-in user, else the gateway answers 401.
 * Roles are enforced by the owning service, never only here.
 */
export type RouteAccess = 'public' | 'session';

export interface ApiRoute {
  method: HttpMethod;
  /** Spec path in Fastify syntax. */
  path: string;
  service: ServiceName;
  access: RouteAccess;
  /** Browser navigations (sign-in flow): the gateway forwards cookies and redirects untouched. */
  browserNavigation?: boolean;
  /** A sign-in start: counted against the per-IP sign-in limit (successful callbacks are not). */
  signIn?: boolean;
}

const r = (
  method: HttpMethod,
  path: string,
  service: ServiceName,
  access: RouteAccess = 'session',
  extra: Partial<ApiRoute> = {},
): ApiRoute => ({ method, path, service, access, ...extra });

/**
 * The gateway's route table: which spec path goes to which service. Written once, here.
 * Paths not listed answer a JSON 404 at the gateway.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  // identity: sign-in, the current user, profile, super admin user calls
  r('GET', '/api/login', 'identity', 'public', { browserNavigation: true, signIn: true }),
  r('GET', '/api/callback', 'identity', 'public', { browserNavigation: true }),
  r('GET', '/api/logout', 'identity', 'public', { browserNavigation: true }),
  r('GET', '/api/auth/user', 'identity'),
  r('PUT', '/api/user/profile', 'identity'),
  r('GET', '/api/admin/users/global', 'identity'),
  r('PUT', '/api/admin/users/:userId/role', 'identity'),
  r('GET', '/api/admin/users/payments', 'identity'),
  r('PUT', '/api/admin/users/:userId/payment', 'identity'),

  // pools-invitations: pools, invitations, members, super admin pool calls
  r('GET', '/api/user/pools', 'pools-invitations'),
  r('GET', '/api/pools/owned', 'pools-invitations'),
  r('POST', '/api/pools', 'pools-invitations'),
  r('GET', '/api/pools/:poolId', 'pools-invitations'),
  r('PUT', '/api/pools/:poolId/activate', 'pools-invitations'),
  r('GET', '/api/pools/:poolId/members', 'pools-invitations'),
  r('GET', '/api/pools/:poolId/members/details', 'pools-invitations'),
  r('GET', '/api/pools/:poolId/members/stats', 'pools-invitations'),
  r('PATCH', '/api/pools/:poolId/members/:userId', 'pools-invitations'),
  r('DELETE', '/api/pools/:poolId/members/remove/:userId', 'pools-invitations'),
  r('GET', '/api/pools/:poolId/invitations', 'pools-invitations'),
  r('POST', '/api/pools/:poolId/invitations', 'pools-invitations'),
  r('PUT', '/api/invitations/:invitationId', 'pools-invitations'),
  r('DELETE', '/api/invitations/:invitationId', 'pools-invitations'),
  r('GET', '/api/invitations/:token', 'pools-invitations', 'public'),
  // The service answers signed-out callers itself, with the spec's 401 text.
  r('POST', '/api/invitations/:token/use', 'pools-invitations', 'public'),
  r('GET', '/api/admin/pools/details', 'pools-invitations'),
  r('GET', '/api/admin/pools/all', 'pools-invitations'),
  r('PUT', '/api/admin/pools/:poolId/commissioner', 'pools-invitations'),
  r('DELETE', '/api/admin/pools/:poolId', 'pools-invitations'),
  r('POST', '/api/admin/users/:userId/pools/:poolId', 'pools-invitations'),
  r('DELETE', '/api/admin/users/:userId/pools/:poolId', 'pools-invitations'),

  // weeks-workflow: seasons, weeks, week state machine, pool games and spreads
  r('GET', '/api/seasons/current', 'weeks-workflow'),
  r('GET', '/api/weeks', 'weeks-workflow'),
  r('GET', '/api/weeks/current', 'weeks-workflow'),
  r('GET', '/api/weeks/:weekNumber', 'weeks-workflow'),
  r('GET', '/api/weeks/:weekNumber/games/setup', 'weeks-workflow'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/state', 'weeks-workflow'),
  r('POST', '/api/pools/:poolId/weeks/:weekNumber/transition/:target', 'weeks-workflow'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/games/published', 'weeks-workflow'),
  r('POST', '/api/pools/:poolId/weeks/:weekNumber/games/publish', 'weeks-workflow'),
  r('GET', '/api/pools/:poolId/spreads/:weekNumber', 'weeks-workflow'),
  r('PUT', '/api/pools/:poolId/spreads/:gameId', 'weeks-workflow'),
  r('POST', '/api/pools/:poolId/spreads/:weekNumber/download', 'weeks-workflow'),
  r('POST', '/api/pools/:poolId/weeks/:weekNumber/import-scores', 'weeks-workflow'),

  // picks-scoring: picks, scoring, leaderboards, exports
  r('GET', '/api/weeks/:weekId/picks', 'picks-scoring'),
  r('POST', '/api/picks/batch', 'picks-scoring'),
  r('POST', '/api/picks/commissioner-override', 'picks-scoring'),
  r('GET', '/api/admin/weeks/:weekNumber/pick-stats', 'picks-scoring'),
  r('POST', '/api/pools/:poolId/weeks/:weekNumber/scores/calculate', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/scoring-review', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/export/csv', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/seasons/:seasonId/leaderboard', 'picks-scoring'),
  r('GET', '/api/pools/:poolId/completed-weeks', 'picks-scoring'),
  r('GET', '/api/users/:userId/pools/:poolId/weekly-scoring-review', 'picks-scoring'),

  // sports-data-staging: ESPN import, staging, migration, venues
  r('GET', '/api/admin/unified-staging/teams/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/admin/unified-staging/games/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/admin/unified-staging/teams-diff/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/admin/unified-staging/games-diff/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/admin/unified-staging/validate-games/:scheduleId', 'sports-data-staging'),
  r('POST', '/api/admin/unified-staging/import-teams/:scheduleId', 'sports-data-staging'),
  r('POST', '/api/admin/unified-staging/import-games/:scheduleId', 'sports-data-staging'),
  r('POST', '/api/admin/unified-staging/migrate-teams/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/admin/unified-staging/migrate-games/:scheduleId/stream', 'sports-data-staging'),
  r('DELETE', '/api/admin/unified-staging/clear-staging/:scheduleId', 'sports-data-staging'),
  r('GET', '/api/venues', 'sports-data-staging'),
  r('GET', '/api/unified-staging/venues/stats', 'sports-data-staging'),
  r('POST', '/api/unified-staging/venues/import', 'sports-data-staging'),
];
