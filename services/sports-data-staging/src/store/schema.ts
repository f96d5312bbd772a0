import { boolean, customType, integer, numeric, pgSchema, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { GAME_STATUSES } from '@powerpool/contracts';
import { gameColumns as sharedGameColumns } from '@powerpool/service-kit';

export const sportsSchema = pgSchema('sports');

const teamColumns = {
  espnId: text('espn_id').notNull(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  city: text('city').notNull(),
  color: text('color'),
  logoUrl: text('logo_url'),
  darkLogoUrl: text('dark_logo_url'),
};

export const stagingTeams = sportsSchema.table(
  'staging_teams',
  { scheduleId: integer('schedule_id').notNull(), ...teamColumns, importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.scheduleId, t.espnId] })],
);

export const teams = sportsSchema.table('teams', {
  ...teamColumns,
  espnId: text('espn_id').primaryKey(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A staged or production game: the columns every copy of a game has, and what only this service keeps. */
const gameColumns = {
  ...sharedGameColumns(),
  seasonType: integer('season_type').notNull(),
  spread: numeric('spread', { precision: 5, scale: 1 }),
  gameStatus: text('game_status', { enum: GAME_STATUSES }).notNull(),
  winnerTeamEspnId: text('winner_team_espn_id'),
  oddsProvider: text('odds_provider'),
  oddsDetails: text('odds_details'),
  venueEspnId: text('venue_espn_id'),
};

export const stagingGames = sportsSchema.table(
  'staging_games',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id').notNull(),
    espnId: text('espn_id').notNull(),
    ...gameColumns,
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('staging_games_espn').on(t.scheduleId, t.espnId)],
);

export const games = sportsSchema.table('games', {
  espnId: text('espn_id').primaryKey(),
  ...gameColumns,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const venues = sportsSchema.table('venues', {
  espnVenueId: text('espn_venue_id').primaryKey(),
  fullName: text('full_name').notNull(),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  indoor: boolean('indoor'),
  grass: boolean('grass'),
  exteriorImageUrl: text('exterior_image_url'),
  interiorImageUrl: text('interior_image_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** bytea as a Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Team logos fetched at the teams import (one row per team and content hash; migration 0005). */
export const teamLogos = sportsSchema.table(
  'team_logos',
  {
    espnId: text('espn_id').notNull(),
    hash: text('hash').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sourceUrl: text('source_url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.espnId, t.hash] })],
);

/** The live feed's poll lease (one row per lease name; see store takeLease). */
export const feedLease = sportsSchema.table('feed_lease', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Games some pool has published (weeks.week.published): the live feed's fastest cadence follows only these. */
export const publishedGames = sportsSchema.table('published_games', {
  espnId: text('espn_id').primaryKey(),
  firstPublishedAt: timestamp('first_published_at', { withTimezone: true }).notNull(),
});

export type TeamRow = typeof teams.$inferSelect;
export type StagingGameRow = typeof stagingGames.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type VenueRow = typeof venues.$inferSelect;
