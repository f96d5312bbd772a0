import { endpoint } from './endpoint.js';
import { poolIdParamsSchema } from './pools.schemas.js';
import {
  adminWeekParamsSchema,
  batchPicksBodySchema,
  batchPicksReplySchema,
  calculateReplySchema,
  completedWeeksReplySchema,
  gamesStreamEventSchema,
  liveLeaderboardSchema,
  liveStreamEventSchema,
  overrideBodySchema,
  overrideReplySchema,
  pickOverridesReplySchema,
  picksPoolQuerySchema,
  picksReplySchema,
  pickStatsSchema,
  poolSeasonParamsSchema,
  scoringReviewReplySchema,
  seasonLeaderboardReplySchema,
  seasonWeekParamsSchema,
  userPoolParamsSchema,
  weekIdParamsSchema,
  weeklyScoringReviewReplySchema,
} from './picks.schemas.js';
import { poolWeekParamsSchema } from './weeks.schemas.js';

const service = 'picks-scoring';
/** The pool's commissioner or a super admin (the service checks which pool). */
const managers = ['pool_commissioner', 'super_admin'] as const;
const readers = "The pool's active members, its commissioner and super admins.";

/** picks-scoring: picks, scoring, leaderboards, the live leaderboard, exports and overrides. */
export const picksEndpoints = {
  myPicks: endpoint({
    method: 'GET',
    path: '/api/weeks/:weekId/picks',
    service,
    access: 'session',
    summary: "The signed-in player's saved picks of a week in a pool",
    description: 'weekId is the id GET /api/weeks/current gives (`2025:3`) or a week number. Empty when nothing is saved.',
    params: weekIdParamsSchema,
    query: picksPoolQuerySchema,
    reply: picksReplySchema,
  }),
  savePicks: endpoint({
    method: 'POST',
    path: '/api/picks/batch',
    service,
    access: 'session',
    summary: "Replace the signed-in player's picks of a week in a pool, all or nothing",
    description:
      "An active member; the week PUBLISHED and its deadline not passed by the server's clock (409 `picks_locked`); exactly one pick of " +
      "each rank 3, 2, 1 on three different games, at most one power pick (rank 0) on a fourth; every game among the pool's published " +
      "games of that week; each team one of its game's two teams.",
    body: batchPicksBodySchema,
    reply: batchPicksReplySchema,
  }),
  override: endpoint({
    method: 'POST',
    path: '/api/picks/commissioner-override',
    service,
    access: 'session',
    roles: managers,
    summary: "Enter a member's picks for them (emergency pick entry), in any state, with a reason; recorded",
    description:
      'The three confidence picks are required; the power pick may be on a game of that week the pool did not publish. When the week ' +
      'was already scored it is recalculated (`autoRecalculated`).',
    body: overrideBodySchema,
    reply: overrideReplySchema,
  }),
  overrides: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/overrides',
    service,
    access: 'session',
    summary: 'The recorded commissioner overrides of a pool week (who, when, why, picks before and after)',
    description: `${readers} Before the deadline, other members see that an override happened and why, not the picks.`,
    params: poolWeekParamsSchema,
    reply: pickOverridesReplySchema,
  }),
  pickStats: endpoint({
    method: 'GET',
    path: '/api/admin/weeks/:weekNumber/pick-stats',
    service,
    access: 'session',
    roles: managers,
    summary: 'How many active members of a pool have saved their three picks of a week',
    params: adminWeekParamsSchema,
    query: picksPoolQuerySchema,
    reply: pickStatsSchema,
  }),
  calculate: endpoint({
    method: 'POST',
    path: '/api/pools/:poolId/weeks/:weekNumber/scores/calculate',
    service,
    access: 'session',
    roles: managers,
    summary: "Calculate a pool week's scores (SCORING); idempotent, a player who cannot be scored is flagged, not the week",
    params: poolWeekParamsSchema,
    reply: calculateReplySchema,
  }),
  scoringReview: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/scoring-review',
    service,
    access: 'session',
    roles: managers,
    summary: "Every member's picks, results and points of a week, as last calculated",
    params: poolWeekParamsSchema,
    reply: scoringReviewReplySchema,
  }),
  exportWeek: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/export/csv',
    service,
    access: 'session',
    roles: managers,
    summary: 'The scoring review of a week as CSV (commissioners)',
    params: poolWeekParamsSchema,
    produces: 'text/csv',
  }),
  seasonLeaderboard: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/seasons/:seasonId/leaderboard',
    service,
    access: 'session',
    summary: "A pool's season standings over its completed weeks (every active member, ties share a rank)",
    description: `${readers} seasonId is the pool's season year.`,
    params: poolSeasonParamsSchema,
    reply: seasonLeaderboardReplySchema,
  }),
  completedWeeks: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/completed-weeks',
    service,
    access: 'session',
    summary: 'The week numbers a pool has completed',
    description: readers,
    params: poolIdParamsSchema,
    reply: completedWeeksReplySchema,
  }),
  weeklyScoringReview: endpoint({
    method: 'GET',
    path: '/api/users/:userId/pools/:poolId/weekly-scoring-review',
    service,
    access: 'session',
    summary: "One member's picks and points in each completed week of a pool",
    description: readers,
    params: userPoolParamsSchema,
    reply: weeklyScoringReviewReplySchema,
  }),
  liveLeaderboard: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard',
    service,
    access: 'session',
    summary: "A pool week's live standings, games, impact games and picks",
    description:
      'Access levels: FULL_ACCESS (members, after the deadline), COMMISSIONER_ACCESS (the commissioner and super admins, always), ' +
      'PUBLIC_ACCESS (signed-in non-members of a public pool, after the deadline). Before the deadline members get 403 ' +
      '`{ status: "picks_not_available" }`; non-members of a private pool get 403.',
    params: poolWeekParamsSchema,
    reply: liveLeaderboardSchema,
  }),
  liveLeaderboardStream: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/live-leaderboard/stream',
    service,
    access: 'session',
    summary: "A pool week's live leaderboard pushed as it changes (server-sent events)",
    description:
      'Same access as the live leaderboard (a refusal is the same 401/403/404 before the stream opens). A `snapshot` on connect, ' +
      'then a `patch` per change; each event id is the board version, so a browser reconnecting with Last-Event-ID gets the ' +
      'patches it missed (or a snapshot). A `: heartbeat` comment every 15 s. `closed` when access is lost.',
    params: poolWeekParamsSchema,
    produces: 'text/event-stream',
    events: liveStreamEventSchema,
  }),
  liveGamesStream: endpoint({
    method: 'GET',
    path: '/api/seasons/:year/weeks/:weekNumber/games/stream',
    service,
    access: 'session',
    summary: "The status, quarter, clock and scores of a week's games pushed as they change (server-sent events)",
    description: 'Any signed-in user. A `snapshot` of every game of the week on connect, then each changed game. A `: heartbeat` comment every 15 s.',
    params: seasonWeekParamsSchema,
    produces: 'text/event-stream',
    events: gamesStreamEventSchema,
  }),
  exportLeaderboard: endpoint({
    method: 'GET',
    path: '/api/pools/:poolId/weeks/:weekNumber/leaderboard/export/csv',
    service,
    access: 'session',
    summary: 'The live leaderboard of a week as CSV (same access as the live leaderboard)',
    params: poolWeekParamsSchema,
    produces: 'text/csv',
  }),
} as const;
