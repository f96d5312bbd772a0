import { weeksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { getCurrentSeason, getCurrentWeek, getWeek, listSetupGames, listWeeks } from '../domain/weeks.js';

/** Seasons and weeks of the production data. */
export function registerWeekRoutes(app: ServiceApp, ctx: WeeksContext): void {
  route(app, api.currentSeason, async () => getCurrentSeason(ctx));
  route(app, api.weeks, async (request) => listWeeks(ctx, currentUser(request), request.query));
  route(app, api.currentWeek, async (request) => getCurrentWeek(ctx, currentUser(request), request.query));
  route(app, api.week, async (request) => getWeek(ctx, { caller: currentUser(request), weekNumber: request.params.weekNumber, query: request.query }));
  route(app, api.setupGames, async (request) =>
    listSetupGames(ctx, { caller: currentUser(request), weekNumber: request.params.weekNumber, query: request.query }),
  );
}
