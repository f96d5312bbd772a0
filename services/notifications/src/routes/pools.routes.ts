import { notificationsEndpoints as api } from '@powerpool/contracts';
import { currentUser, route, type ServiceApp } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { nudgeStatus, nudgeWeek } from '../domain/nudge.js';
import { getPoolSettings, updatePoolSettings } from '../domain/pool-settings.js';

/** A pool's reminder settings and the commissioner's nudge. */
export function registerPoolRoutes(app: ServiceApp, ctx: NotificationsContext): void {
  route(app, api.poolSettings, async (request) => getPoolSettings(ctx, currentUser(request), request.params.poolId));
  route(app, api.updatePoolSettings, async (request) =>
    updatePoolSettings(ctx, { caller: currentUser(request), poolId: request.params.poolId, change: request.body }),
  );
  route(app, api.nudgeStatus, async (request) =>
    nudgeStatus(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
  route(app, api.nudge, async (request) =>
    nudgeWeek(ctx, { caller: currentUser(request), poolId: request.params.poolId, weekNumber: request.params.weekNumber }),
  );
}
