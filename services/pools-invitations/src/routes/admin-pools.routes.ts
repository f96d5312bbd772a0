import {
  adminUserPoolParamsSchema,
  allPoolsReplySchema,
  changeCommissionerBodySchema,
  deletePoolReplySchema,
  poolAdminDetailsReplySchema,
  poolIdParamsSchema,
  poolMemberDetailsSchema,
  poolSchema,
  removeMemberReplySchema,
} from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { addUserToPool, removeUserFromPool } from '../domain/members.js';
import { changeCommissioner, deletePool, listAllPools, listPoolAdminDetails } from '../domain/pools.js';

const superAdminOnly = { access: ['super_admin'] as const };

export function registerAdminPoolRoutes(app: ServiceApp, ctx: PoolsContext): void {
  app.get('/api/admin/pools/details', { config: superAdminOnly, schema: { response: { 200: poolAdminDetailsReplySchema } } }, async () => listPoolAdminDetails(ctx));

  app.get('/api/admin/pools/all', { config: superAdminOnly, schema: { response: { 200: allPoolsReplySchema } } }, async () => listAllPools(ctx));

  app.put(
    '/api/admin/pools/:poolId/commissioner',
    { config: superAdminOnly, schema: { params: poolIdParamsSchema, body: changeCommissionerBodySchema, response: { 200: poolSchema } } },
    async (request) => changeCommissioner(ctx, request.params.poolId, request.body.userId),
  );

  app.delete('/api/admin/pools/:poolId', { config: superAdminOnly, schema: { params: poolIdParamsSchema, response: { 200: deletePoolReplySchema } } }, async (request) =>
    deletePool(ctx, request.params.poolId),
  );

  app.post(
    '/api/admin/users/:userId/pools/:poolId',
    { config: superAdminOnly, schema: { params: adminUserPoolParamsSchema, response: { 201: poolMemberDetailsSchema } } },
    async (request, reply) => {
      reply.code(201);
      return addUserToPool(ctx, request.params.userId, request.params.poolId);
    },
  );

  app.delete('/api/admin/users/:userId/pools/:poolId', { config: superAdminOnly, schema: { params: adminUserPoolParamsSchema, response: { 200: removeMemberReplySchema } } }, async (request) =>
    removeUserFromPool(ctx, request.params.userId, request.params.poolId),
  );
}
