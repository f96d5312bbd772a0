import { picksEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';
import { listOverrides, overridePicks } from '../domain/overrides.js';
import { myPicks, myTiebreaker, pickStats, savePicks } from '../domain/picks.js';

/** Picks: a player's own picks, saving them, the pick-completion figures, and commissioner overrides. */
export function registerPicksRoutes(app: ServiceApp, ctx: PicksContext): void {
  // A save counts from when it reached the service (docs/game.md#the-servers-clock: a pick that arrives after the
  // deadline is refused), not from when its turn came under a rush: its arrival, by our clock.
  const arrivals = new WeakMap<object, Date>();
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === api.savePicks.path && request.method === api.savePicks.method) arrivals.set(request, ctx.now());
  });
  route(app, api.myPicks, async (request) => myPicks(ctx, { caller: currentUser(request), ref: request.params.weekId, poolId: request.query.poolId }));
  route(app, api.myTiebreaker, async (request) =>
    myTiebreaker(ctx, { caller: currentUser(request), ref: request.params.weekId, poolId: request.query.poolId }),
  );
  route(app, api.savePicks, async (request) =>
    savePicks(ctx, { caller: currentUser(request), body: request.body, arrivedAt: arrivals.get(request) ?? ctx.now() }),
  );
  route(app, api.pickStats, async (request) =>
    pickStats(ctx, { caller: currentUser(request), weekNumber: request.params.weekNumber, poolId: request.query.poolId }),
  );
  route(app, api.override, async (request) => overridePicks(ctx, currentUser(request), request.body));
  route(app, api.overrides, async (request) =>
    listOverrides(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
}
