import { currentUserSchema, updateProfileBodySchema } from '@powerpool/contracts';
import { currentUser, type ServiceApp } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';
import { updateProfile } from '../domain/users.js';

export function registerProfileRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.put('/api/user/profile', { schema: { body: updateProfileBodySchema, response: { 200: currentUserSchema } } }, async (request) =>
    updateProfile(ctx, currentUser(request).id, request.body),
  );
}
