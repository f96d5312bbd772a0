import { poolsEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { listMemberDetails, listMembersShort, memberStats, removeMember, updateMember } from '../domain/members.js';

export function registerMemberRoutes(app: ServiceApp, ctx: PoolsContext): void {
  route(app, api.members, async (request) => listMembersShort(ctx, currentUser(request), request.params.poolId));
  route(app, api.memberDetails, async (request) => listMemberDetails(ctx, currentUser(request), request.params.poolId));
  route(app, api.memberStats, async (request) => memberStats(ctx, currentUser(request), request.params.poolId));
  route(app, api.updateMember, async (request) =>
    updateMember(ctx, currentUser(request), { poolId: request.params.poolId, userId: request.params.userId, patch: request.body }),
  );
  route(app, api.removeMember, async (request) =>
    removeMember(ctx, { caller: currentUser(request), poolId: request.params.poolId, userId: request.params.userId }),
  );
}
