import { identityEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import { changeRole, listGlobalUsers, listPaymentUsers, setPayment } from '../domain/users.js';

export function registerAdminUserRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, api.globalUsers, async () => listGlobalUsers(ctx));
  route(app, api.changeRole, async (request) =>
    changeRole(ctx, { actorId: currentUser(request).id, targetId: request.params.userId, role: request.body.role }),
  );
  route(app, api.paymentUsers, async () => listPaymentUsers(ctx));
  route(app, api.setPayment, async (request) => setPayment(ctx, request.params.userId, request.body));
}
