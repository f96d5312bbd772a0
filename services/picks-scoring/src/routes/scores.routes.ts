import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import { calculateScores } from '../domain/calculate.js';
import type { PicksContext } from '../domain/context.js';
import { getCompletedWeeks, getScoringReview, getSeasonLeaderboard, getWeeklyScoringReview } from '../domain/leaderboards.js';

/** Scores: calculation, the scoring reviews, season standings and completed weeks. */
export function registerScoreRoutes(app: ServiceApp, ctx: PicksContext): void {
  route(app, api.calculate, async (request) =>
    calculateScores(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.scoringReview, async (request) =>
    getScoringReview(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.seasonLeaderboard, async (request) =>
    getSeasonLeaderboard(ctx, { caller: currentUser(request), poolId: request.params.poolId, seasonId: request.params.seasonId }),
  );
  route(app, api.completedWeeks, async (request) => getCompletedWeeks(ctx, currentUser(request), request.params.poolId));
  route(app, api.weeklyScoringReview, async (request) =>
    getWeeklyScoringReview(ctx, { caller: currentUser(request), userId: request.params.userId, poolId: request.params.poolId }),
  );
}
