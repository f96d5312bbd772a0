import type { identityEndpoints, picksEndpoints, poolsEndpoints, weeksEndpoints } from '@powerpool/contracts';
import { apiRoute } from './api-client';

/**
 * The calls of the signed-in first screen, Make Picks, by route (docs/screens.md#data-loading):
 * the shell's "who am I?", the player's pools, the pool's current week, its published games, the
 * player's picks (and tiebreaker prediction, when the week has a tiebreaker game), their save and the live games stream. Their replies are read without zod, so
 * neither the landing page nor Make Picks loads it (bench/README.md, first load). With them, the
 * calls the other screens' first view starts before its code has loaded (app/first-screen.ts): the
 * commissioner's pools, a pool's weeks, a week's state and pick counts, the live leaderboard.
 * Each route names its declared endpoint as a type: a method or path that differs from the
 * contract's does not compile.
 */
export const firstScreenRoutes = {
  currentUser: apiRoute<typeof identityEndpoints.currentUser>('GET', '/api/auth/user'),
  userPools: apiRoute<typeof poolsEndpoints.userPools>('GET', '/api/user/pools'),
  currentWeek: apiRoute<typeof weeksEndpoints.currentWeek>('GET', '/api/weeks/current'),
  publishedGames: apiRoute<typeof weeksEndpoints.publishedGames>('GET', '/api/pools/:poolId/weeks/:weekNumber/games/published'),
  myPicks: apiRoute<typeof picksEndpoints.myPicks>('GET', '/api/weeks/:weekId/picks'),
  savePicks: apiRoute<typeof picksEndpoints.savePicks>('POST', '/api/picks/batch'),
  myTiebreaker: apiRoute<typeof picksEndpoints.myTiebreaker>('GET', '/api/weeks/:weekId/tiebreaker'),
  liveGamesStream: apiRoute<typeof picksEndpoints.liveGamesStream>('GET', '/api/seasons/:year/weeks/:weekNumber/games/stream'),
  ownedPools: apiRoute<typeof poolsEndpoints.ownedPools>('GET', '/api/pools/owned'),
  weeks: apiRoute<typeof weeksEndpoints.weeks>('GET', '/api/weeks'),
  weekState: apiRoute<typeof weeksEndpoints.weekState>('GET', '/api/pools/:poolId/weeks/:weekNumber/state'),
  pickStats: apiRoute<typeof picksEndpoints.pickStats>('GET', '/api/admin/weeks/:weekNumber/pick-stats'),
  liveLeaderboard: apiRoute<typeof picksEndpoints.liveLeaderboard>('GET', '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard'),
} as const;
