import { poolsEndpoints as api } from '@powerpool/contracts';
import { route, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { addUserToPool, removeUserFromPool } from '../domain/members.js';
import { changeCommissioner, deletePool, listAllPools, listPoolAdminDetails } from '../domain/pools.js';

export function registerAdminPoolRoutes(app: ServiceApp, ctx: PoolsContext): void {
  route(app, api.adminPoolDetails, async (request) => listPoolAdminDetails(ctx, { correlationId: request.id }));
  route(app, api.adminAllPools, async () => listAllPools(ctx));
  route(app, api.changeCommissioner, async (request) => changeCommissioner(ctx, request.params.poolId, request.body.userId));
  route(app, api.deletePool, async (request) => deletePool(ctx, request.params.poolId, { correlationId: request.id }));
  route(app, api.adminAddUserToPool, async (request) => addUserToPool(ctx, request.params.userId, request.params.poolId));
  route(app, api.adminRemoveUserFromPool, async (request) => removeUserFromPool(ctx, request.params.userId, request.params.poolId));
}
