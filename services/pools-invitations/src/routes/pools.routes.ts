import { poolsEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { activatePool, createPool, getPool, listOwnedPools, listUserPools, setWeeklyTiebreaker } from '../domain/pools.js';
import { getPoolDefaults } from '../domain/seasons.js';

export function registerPoolRoutes(app: ServiceApp, ctx: PoolsContext): void {
  route(app, api.userPools, async (request) => listUserPools(ctx, currentUser(request)));
  route(app, api.ownedPools, async (request) => listOwnedPools(ctx, currentUser(request)));
  route(app, api.poolDefaults, async () => getPoolDefaults(ctx));
  route(app, api.createPool, async (request) => createPool(ctx, currentUser(request), request.body));
  route(app, api.getPool, async (request) => getPool(ctx, currentUser(request), request.params.poolId));
  route(app, api.activatePool, async (request) => activatePool(ctx, currentUser(request), request.params.poolId));
  route(app, api.setWeeklyTiebreaker, async (request) =>
    setWeeklyTiebreaker(ctx, { caller: currentUser(request), poolId: request.params.poolId, weeklyTiebreaker: request.body.weeklyTiebreaker }),
  );
}
