import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import { calculateScores } from '../domain/calculate.js';
import type { PicksContext } from '../domain/context.js';
import { getCompletedWeeks, getScoringReview, getSeasonLeaderboard, getWeeklyScoringReview } from '../domain/leaderboards.js';

/** Scores: calculation, the scoring reviews, season standings and completed weeks. */
export function registerScoreRoutes(app: ServiceApp, ctx: PicksContext): void {
  route(app, api.calculate, async (request) => calculateScores(ctx, currentUser(request), request.params.poolId, request.params.weekNumber));
  route(app, api.scoringReview, async (request) => getScoringReview(ctx, currentUser(request), request.params.poolId, request.params.weekNumber));
  route(app, api.seasonLeaderboard, async (request) => getSeasonLeaderboard(ctx, currentUser(request), request.params.poolId, request.params.seasonId));
  route(app, api.completedWeeks, async (request) => getCompletedWeeks(ctx, currentUser(request), request.params.poolId));
  route(app, api.weeklyScoringReview, async (request) => getWeeklyScoringReview(ctx, currentUser(request), request.params.userId, request.params.poolId));
}
