import { z } from 'zod';
import { gameSchema, seasonTypeSchema, teamSchema, venueSchema } from './sports.schemas.js';

/** sports-data-staging on the bus: its events (`sports.<entity>.<verb>`) and its request/reply. */

// ---------------------------------------------------------------- events and requests

/** sports.teams.pushed: every production team after the teams are pushed to production. */
export const teamsPushedEventSchema = z.object({ teams: z.array(teamSchema), deletedEspnIds: z.array(z.string()) });
/** sports.games.pushed: every production game of the years pushed to production, and the ones removed. */
export const gamesPushedEventSchema = z.object({ years: z.array(z.number().int()), games: z.array(gameSchema), deletedEspnIds: z.array(z.string()) });
/**
 * sports.game.updated: a production game's status, clock, score, winner or odds changed. Consumers
 * upsert by espnId and keep the newest `updatedAt` (events may repeat).
 */
export const gameUpdatedEventSchema = z.object({ game: gameSchema, changed: z.array(z.string()) });
/** sports.venues.imported: every venue after an import. */
export const venuesImportedEventSchema = z.object({ venues: z.array(venueSchema) });

/** The sports events, spread into EVENTS (events.ts). */
export const SPORTS_EVENTS = {
  'sports.teams.pushed': teamsPushedEventSchema,
  'sports.games.pushed': gamesPushedEventSchema,
  'sports.game.updated': gameUpdatedEventSchema,
  'sports.venues.imported': venuesImportedEventSchema,
} as const;

/**
 * rpc.sports.week.refresh-odds / rpc.sports.week.refresh-scores request. weekNumber is ours (-4..22);
 * seasonType defaults from it, year defaults to the newest season in production.
 */
export const refreshWeekRequestSchema = z.object({
  year: z.number().int().optional(),
  seasonType: seasonTypeSchema.optional(),
  weekNumber: z.number().int().min(-4).max(22),
});
export type RefreshWeekRequest = z.infer<typeof refreshWeekRequestSchema>;
export const refreshWeekReplySchema = z.union([
  z.object({ ok: z.literal(true), year: z.number().int(), weekNumber: z.number().int(), updated: z.number().int(), games: z.array(gameSchema) }),
  z.object({ ok: z.literal(false), error: z.string(), message: z.string() }),
]);
export type RefreshWeekReply = z.infer<typeof refreshWeekReplySchema>;
