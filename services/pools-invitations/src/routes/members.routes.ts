import {
  memberStatsSchema,
  poolIdParamsSchema,
  poolMemberDetailsSchema,
  poolMemberParamsSchema,
  poolMembersDetailsReplySchema,
  poolMembersReplySchema,
  removeMemberReplySchema,
  updateMemberBodySchema,
} from '@powerpool/contracts';
import { currentUser, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { listMemberDetails, listMembersShort, memberStats, removeMember, updateMember } from '../domain/members.js';
import { managers } from './pools.routes.js';

export function registerMemberRoutes(app: ServiceApp, ctx: PoolsContext): void {
  app.get('/api/pools/:poolId/members', { schema: { params: poolIdParamsSchema, response: { 200: poolMembersReplySchema } } }, async (request) =>
    listMembersShort(ctx, currentUser(request), request.params.poolId),
  );

  app.get('/api/pools/:poolId/members/details', { config: managers, schema: { params: poolIdParamsSchema, response: { 200: poolMembersDetailsReplySchema } } }, async (request) =>
    listMemberDetails(ctx, currentUser(request), request.params.poolId),
  );

  app.get('/api/pools/:poolId/members/stats', { config: managers, schema: { params: poolIdParamsSchema, response: { 200: memberStatsSchema } } }, async (request) =>
    memberStats(ctx, currentUser(request), request.params.poolId),
  );

  app.patch(
    '/api/pools/:poolId/members/:userId',
    { config: managers, schema: { params: poolMemberParamsSchema, body: updateMemberBodySchema, response: { 200: poolMemberDetailsSchema } } },
    async (request) => updateMember(ctx, currentUser(request), request.params.poolId, request.params.userId, request.body),
  );

  app.delete(
    '/api/pools/:poolId/members/remove/:userId',
    { config: managers, schema: { params: poolMemberParamsSchema, response: { 200: removeMemberReplySchema } } },
    async (request) => removeMember(ctx, currentUser(request), request.params.poolId, request.params.userId),
  );
}
