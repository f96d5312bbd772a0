import { POOL_MESSAGES, poolsEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, UnauthorizedError, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { createInvitation, deleteInvitation, getPublicInvitation, listInvitations, setInvitationActive, useInvitation } from '../domain/invitations.js';

export function registerInvitationRoutes(app: ServiceApp, ctx: PoolsContext): void {
  route(app, api.invitations, async (request) => listInvitations(ctx, currentUser(request), request.params.poolId));
  route(app, api.createInvitation, async (request) =>
    createInvitation(ctx, { caller: currentUser(request), poolId: request.params.poolId, input: request.body }),
  );
  route(app, api.updateInvitation, async (request) =>
    setInvitationActive(ctx, currentUser(request), { invitationId: request.params.invitationId, isActive: request.body.isActive }),
  );
  route(app, api.deleteInvitation, async (request) => deleteInvitation(ctx, currentUser(request), request.params.invitationId));
  route(app, api.publicInvitation, async (request) => getPublicInvitation(ctx, request.params.token));
  // Public at the gateway so a signed-out caller gets the join page's own 401 text.
  route(app, api.useInvitation, async (request) => {
    const user = request.identity.user;
    if (!user) throw new UnauthorizedError(POOL_MESSAGES.sessionExpired);
    return useInvitation(ctx, user, request.params.token);
  });
}
