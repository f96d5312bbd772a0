import { notificationsEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { getPreferences, pushPublicKey, subscribePush, unsubscribePush, updatePreferences } from '../domain/preferences.js';

/** A person's own preferences and browser push subscriptions. */
export function registerPreferenceRoutes(app: ServiceApp, ctx: NotificationsContext): void {
  route(app, api.preferences, async (request) => getPreferences(ctx, currentUser(request)));
  route(app, api.updatePreferences, async (request) => updatePreferences(ctx, currentUser(request), request.body.preferences));
  route(app, api.subscribePush, async (request) => subscribePush(ctx, currentUser(request), request.body));
  route(app, api.unsubscribePush, async (request) => unsubscribePush(ctx, currentUser(request), request.body.endpoint));
  route(app, api.pushPublicKey, async () => pushPublicKey(ctx));
}
