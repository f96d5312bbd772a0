import { weeksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { getWeekStatus, listPublishedGames, listSpreads, listTransitions } from '../domain/weeks.js';
import { downloadSpreads, importScores, publishWeek, transitionWeek, updateSpread, voidGame } from '../domain/workflow.js';

/** A pool's weeks: state, spreads, publishing, transitions, scores and void games. */
export function registerPoolWeekRoutes(app: ServiceApp, ctx: WeeksContext): void {
  route(app, api.weekState, async (request) =>
    getWeekStatus(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.transitions, async (request) =>
    listTransitions(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.transition, async (request) => {
    const { poolId, weekNumber, target } = request.params;
    return transitionWeek(ctx, currentUser(request), { poolId, weekNumber, slug: target, testing: request.body?.testing === true });
  });
  route(app, api.spreads, async (request) =>
    listSpreads(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.updateSpread, async (request) =>
    updateSpread(ctx, currentUser(request), { poolId: request.params.poolId, gameId: request.params.gameId, spread: request.body.spread }),
  );
  route(app, api.downloadSpreads, async (request) =>
    downloadSpreads(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.publish, async (request) =>
    publishWeek(ctx, currentUser(request), { poolId: request.params.poolId, weekNumber: request.params.weekNumber, gameIds: request.body.gameIds }),
  );
  route(app, api.publishedGames, async (request) =>
    listPublishedGames(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.importScores, async (request) =>
    importScores(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.voidGame, async (request) => {
    const { poolId, weekNumber, gameId } = request.params;
    return voidGame(ctx, currentUser(request), { poolId, weekNumber, gameId, reason: request.body.reason });
  });
}
