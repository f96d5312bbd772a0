import type { identityEndpoints, notificationsEndpoints, picksEndpoints, poolsEndpoints, weeksEndpoints } from '@powerpool/contracts';
import { apiRoute } from './api-client';

/**
 * The calls of the commissioner's screens, Pool Management (with its Testing tab) and Week
 * Management, and of the live leaderboard, by route (docs/screens.md#data-loading): their replies
 * are read without zod, as the first screen's are (api-routes.ts), so none of these screens
 * evaluates zod and the contracts' schemas when its code loads (docs/screens.md#data-loading: 30-80 ms of a phone's
 * main thread, and 25 KB gzipped). A module of its own, apart from `firstScreenRoutes`: it belongs
 * to these screens' chunks, not to the first load. Each route names its declared endpoint as a
 * type: a method or path that differs from the contract's does not compile.
 */
export const managementRoutes = {
  // Pool Management
  createPool: apiRoute<typeof poolsEndpoints.createPool>('POST', '/api/pools'),
  poolDefaults: apiRoute<typeof poolsEndpoints.poolDefaults>('GET', '/api/pools/defaults'),
  activatePool: apiRoute<typeof poolsEndpoints.activatePool>('PUT', '/api/pools/:poolId/activate'),
  setWeeklyTiebreaker: apiRoute<typeof poolsEndpoints.setWeeklyTiebreaker>('PUT', '/api/pools/:poolId/weekly-tiebreaker'),
  members: apiRoute<typeof poolsEndpoints.members>('GET', '/api/pools/:poolId/members'),
  memberDetails: apiRoute<typeof poolsEndpoints.memberDetails>('GET', '/api/pools/:poolId/members/details'),
  memberStats: apiRoute<typeof poolsEndpoints.memberStats>('GET', '/api/pools/:poolId/members/stats'),
  updateMember: apiRoute<typeof poolsEndpoints.updateMember>('PATCH', '/api/pools/:poolId/members/:userId'),
  removeMember: apiRoute<typeof poolsEndpoints.removeMember>('DELETE', '/api/pools/:poolId/members/remove/:userId'),
  invitations: apiRoute<typeof poolsEndpoints.invitations>('GET', '/api/pools/:poolId/invitations'),
  createInvitation: apiRoute<typeof poolsEndpoints.createInvitation>('POST', '/api/pools/:poolId/invitations'),
  updateInvitation: apiRoute<typeof poolsEndpoints.updateInvitation>('PUT', '/api/invitations/:invitationId'),
  deleteInvitation: apiRoute<typeof poolsEndpoints.deleteInvitation>('DELETE', '/api/invitations/:invitationId'),
  poolNotificationSettings: apiRoute<typeof notificationsEndpoints.poolSettings>('GET', '/api/pools/:poolId/notification-settings'),
  updatePoolNotificationSettings: apiRoute<typeof notificationsEndpoints.updatePoolSettings>('PUT', '/api/pools/:poolId/notification-settings'),
  // The site admin's lists a change on these screens makes stale (their keys only).
  adminPoolDetails: apiRoute<typeof poolsEndpoints.adminPoolDetails>('GET', '/api/admin/pools/details'),
  globalUsers: apiRoute<typeof identityEndpoints.globalUsers>('GET', '/api/admin/users/global'),
  // Week Management
  setupGames: apiRoute<typeof weeksEndpoints.setupGames>('GET', '/api/weeks/:weekNumber/games/setup'),
  transitions: apiRoute<typeof weeksEndpoints.transitions>('GET', '/api/pools/:poolId/weeks/:weekNumber/transitions'),
  transition: apiRoute<typeof weeksEndpoints.transition>('POST', '/api/pools/:poolId/weeks/:weekNumber/transition/:target'),
  spreads: apiRoute<typeof weeksEndpoints.spreads>('GET', '/api/pools/:poolId/spreads/:weekNumber'),
  updateSpread: apiRoute<typeof weeksEndpoints.updateSpread>('PUT', '/api/pools/:poolId/spreads/:gameId'),
  downloadSpreads: apiRoute<typeof weeksEndpoints.downloadSpreads>('POST', '/api/pools/:poolId/spreads/:weekNumber/download'),
  publish: apiRoute<typeof weeksEndpoints.publish>('POST', '/api/pools/:poolId/weeks/:weekNumber/games/publish'),
  importScores: apiRoute<typeof weeksEndpoints.importScores>('POST', '/api/pools/:poolId/weeks/:weekNumber/import-scores'),
  voidGame: apiRoute<typeof weeksEndpoints.voidGame>('POST', '/api/pools/:poolId/weeks/:weekNumber/games/:gameId/void'),
  override: apiRoute<typeof picksEndpoints.override>('POST', '/api/picks/commissioner-override'),
  overrides: apiRoute<typeof picksEndpoints.overrides>('GET', '/api/pools/:poolId/weeks/:weekNumber/overrides'),
  calculate: apiRoute<typeof picksEndpoints.calculate>('POST', '/api/pools/:poolId/weeks/:weekNumber/scores/calculate'),
  scoringReview: apiRoute<typeof picksEndpoints.scoringReview>('GET', '/api/pools/:poolId/weeks/:weekNumber/scoring-review'),
  exportWeek: apiRoute<typeof picksEndpoints.exportWeek>('GET', '/api/pools/:poolId/weeks/:weekNumber/export/csv'),
  nudgeStatus: apiRoute<typeof notificationsEndpoints.nudgeStatus>('GET', '/api/pools/:poolId/weeks/:weekNumber/nudge'),
  nudge: apiRoute<typeof notificationsEndpoints.nudge>('POST', '/api/pools/:poolId/weeks/:weekNumber/nudge'),
  // The live leaderboard
  liveLeaderboardStream: apiRoute<typeof picksEndpoints.liveLeaderboardStream>('GET', '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream'),
  exportLeaderboard: apiRoute<typeof picksEndpoints.exportLeaderboard>('GET', '/api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv'),
} as const;
