import {
  createInvitationBodySchema,
  deleteInvitationReplySchema,
  invitationIdParamsSchema,
  invitationSchema,
  invitationsReplySchema,
  invitationTokenParamsSchema,
  POOL_MESSAGES,
  poolIdParamsSchema,
  publicInvitationSchema,
  updateInvitationBodySchema,
  useInvitationReplySchema,
} from '@powerpool/contracts';
import { currentUser, UnauthorizedError, type ServiceApp } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { createInvitation, deleteInvitation, getPublicInvitation, listInvitations, setInvitationActive, useInvitation } from '../domain/invitations.js';
import { managers } from './pools.routes.js';

export function registerInvitationRoutes(app: ServiceApp, ctx: PoolsContext): void {
  app.get('/api/pools/:poolId/invitations', { config: managers, schema: { params: poolIdParamsSchema, response: { 200: invitationsReplySchema } } }, async (request) =>
    listInvitations(ctx, currentUser(request), request.params.poolId),
  );

  app.post(
    '/api/pools/:poolId/invitations',
    { config: managers, schema: { params: poolIdParamsSchema, body: createInvitationBodySchema, response: { 201: invitationSchema } } },
    async (request, reply) => {
      reply.code(201);
      return createInvitation(ctx, currentUser(request), request.params.poolId, request.body);
    },
  );

  app.put(
    '/api/invitations/:invitationId',
    { config: managers, schema: { params: invitationIdParamsSchema, body: updateInvitationBodySchema, response: { 200: invitationSchema } } },
    async (request) => setInvitationActive(ctx, currentUser(request), request.params.invitationId, request.body.isActive),
  );

  app.delete('/api/invitations/:invitationId', { config: managers, schema: { params: invitationIdParamsSchema, response: { 200: deleteInvitationReplySchema } } }, async (request) =>
    deleteInvitation(ctx, currentUser(request), request.params.invitationId),
  );

  app.get('/api/invitations/:token', { config: { access: 'public' }, schema: { params: invitationTokenParamsSchema, response: { 200: publicInvitationSchema } } }, async (request) =>
    getPublicInvitation(ctx, request.params.token),
  );

  // Public at the route so a signed-out caller gets the join page's own 401 text.
  app.post('/api/invitations/:token/use', { config: { access: 'public' }, schema: { params: invitationTokenParamsSchema, response: { 200: useInvitationReplySchema } } }, async (request) => {
    const user = request.identity.user;
    if (!user) throw new UnauthorizedError(POOL_MESSAGES.sessionExpired);
    return useInvitation(ctx, user, request.params.token);
  });
}
