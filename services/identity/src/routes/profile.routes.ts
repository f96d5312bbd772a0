import { identityEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import { updateProfile } from '../domain/users.js';

export function registerProfileRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, api.updateProfile, async (request) => updateProfile(ctx, currentUser(request).id, request.body));
}
