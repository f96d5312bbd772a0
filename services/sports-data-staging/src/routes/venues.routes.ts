import { venueImportReplySchema, venuesReplySchema, venueStatsReplySchema } from '@powerpool/contracts';
import type { ServiceApp } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { importVenues, listVenues, venueStats } from '../domain/venues.js';

const superAdminOnly = { access: ['super_admin'] as const };

export function registerVenueRoutes(app: ServiceApp, ctx: SportsContext): void {
  app.get('/api/venues', { config: { access: 'user' }, schema: { response: { 200: venuesReplySchema } } }, async () => listVenues(ctx));
  app.get('/api/unified-staging/venues/stats', { config: superAdminOnly, schema: { response: { 200: venueStatsReplySchema } } }, async () => ({
    success: true as const,
    data: await venueStats(ctx),
  }));
  app.post('/api/unified-staging/venues/import', { config: superAdminOnly, schema: { response: { 200: venueImportReplySchema } } }, async () => importVenues(ctx));
}
