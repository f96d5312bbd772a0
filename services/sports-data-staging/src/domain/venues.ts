import type { Venue, VenueImportReply, VenueStats } from '@powerpool/contracts';
import { changesOf } from './compare.js';
import type { SportsContext } from './context.js';
import { fromEspn } from './errors.js';

const VENUE_FIELDS = ['fullName', 'city', 'state', 'zipCode', 'indoor', 'grass', 'exteriorImageUrl', 'interiorImageUrl'] as const;

export const listVenues = (ctx: SportsContext) => ctx.uow.read((store) => store.venues());

export async function venueStats(ctx: SportsContext): Promise<VenueStats> {
  const list = await ctx.uow.read((store) => store.venues());
  return {
    total: list.length,
    withExteriorImages: list.filter((v) => v.exteriorImageUrl).length,
    withInteriorImages: list.filter((v) => v.interiorImageUrl).length,
    indoorVenues: list.filter((v) => v.indoor === true).length,
    grassVenues: list.filter((v) => v.grass === true).length,
  };
}

/**
 * Fetch the ESPN venue document of every venue a staged or production game is played at, and
 * store it. imported = new, updated = changed, skipped = unchanged or ESPN has no document.
 * All documents are read before anything is written (one transaction).
 */
export async function importVenues(ctx: SportsContext): Promise<VenueImportReply> {
  const ids = await ctx.uow.read((store) => store.gameVenueIds());
  const fetched: Array<Venue | null> = await fromEspn('Venue import', () => Promise.all(ids.map((id) => ctx.espn.venue(id))));
  const counts = await ctx.uow.write(async (store, emit) => {
    const existing = new Map((await store.venues()).map((v) => [v.espnVenueId, v]));
    const c = { imported: 0, updated: 0, skipped: 0 };
    const now = ctx.now();
    for (const venue of fetched) {
      if (!venue) {
        c.skipped += 1;
        continue;
      }
      const old = existing.get(venue.espnVenueId);
      if (old && changesOf(venue, old, VENUE_FIELDS).length === 0) {
        c.skipped += 1;
        continue;
      }
      await store.upsertVenue(venue, now);
      if (old) c.updated += 1;
      else c.imported += 1;
    }
    if (c.imported || c.updated) await emit('sports.venues.imported', { venues: await store.venues() });
    return c;
  });
  const message = ids.length
    ? `Venues: ${counts.imported} imported, ${counts.updated} updated, ${counts.skipped} skipped`
    : 'No games to take venues from: import games first';
  return { success: true, message, data: counts };
}
