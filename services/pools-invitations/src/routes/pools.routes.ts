import { createPoolBodySchema, ownedPoolsReplySchema, poolIdParamsSchema, poolSchema, userPoolsReplySchema } from '@powerpool/contracts';
import { currentUser, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { activatePool, createPool, getPool, listOwnedPools, listUserPools } from '../domain/pools.js';

/** Roles that reach commissioner calls; which pools they manage is the domain's check. */
export const managers = { access: ['pool_commissioner', 'super_admin'] as const };

export function registerPoolRoutes(app: ServiceApp, ctx: PoolsContext): void {
  app.get('/api/user/pools', { schema: { response: { 200: userPoolsReplySchema } } }, async (request) => listUserPools(ctx, currentUser(request)));

  app.get('/api/pools/owned', { config: managers, schema: { response: { 200: ownedPoolsReplySchema } } }, async (request) => listOwnedPools(ctx, currentUser(request)));

  app.post('/api/pools', { config: managers, schema: { body: createPoolBodySchema, response: { 201: poolSchema } } }, async (request, reply) => {
    reply.code(201);
    return createPool(ctx, currentUser(request), request.body);
  });

  app.get('/api/pools/:poolId', { schema: { params: poolIdParamsSchema, response: { 200: poolSchema } } }, async (request) =>
    getPool(ctx, currentUser(request), request.params.poolId),
  );

  app.put('/api/pools/:poolId/activate', { config: managers, schema: { params: poolIdParamsSchema, response: { 200: poolSchema } } }, async (request) =>
    activatePool(ctx, currentUser(request), request.params.poolId),
  );
}
