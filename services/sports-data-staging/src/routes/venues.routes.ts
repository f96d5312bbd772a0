import { sportsEndpoints as api } from '@powerpool/contracts';
import { route, type ServiceApp } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { importVenues, listVenues, venueStats } from '../domain/venues.js';

export function registerVenueRoutes(app: ServiceApp, ctx: SportsContext): void {
  route(app, api.venues, async () => listVenues(ctx));
  route(app, api.venueStats, async () => ({ success: true as const, data: await venueStats(ctx) }));
  route(app, api.importVenues, async () => importVenues(ctx));
}
