import {
  currentUserSchema,
  globalUsersReplySchema,
  paymentUsersReplySchema,
  updatePaymentBodySchema,
  updateRoleBodySchema,
  userIdParamsSchema,
} from '@powerpool/contracts';
import { currentUser, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import { changeRole, listGlobalUsers, listPaymentUsers, setPayment } from '../domain/users.js';

const superAdminOnly = { access: ['super_admin'] as const };

export function registerAdminUserRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.get('/api/admin/users/global', { config: superAdminOnly, schema: { response: { 200: globalUsersReplySchema } } }, async () => listGlobalUsers(ctx));

  app.put(
    '/api/admin/users/:userId/role',
    { config: superAdminOnly, schema: { params: userIdParamsSchema, body: updateRoleBodySchema, response: { 200: currentUserSchema } } },
    async (request) => changeRole(ctx, currentUser(request).id, request.params.userId, request.body.role),
  );

  app.get('/api/admin/users/payments', { config: superAdminOnly, schema: { response: { 200: paymentUsersReplySchema } } }, async () => listPaymentUsers(ctx));

  app.put(
    '/api/admin/users/:userId/payment',
    { config: superAdminOnly, schema: { params: userIdParamsSchema, body: updatePaymentBodySchema, response: { 200: currentUserSchema } } },
    async (request) => setPayment(ctx, request.params.userId, request.body),
  );
}
