import { z } from 'zod';

/**
 * Sports data: teams, games, odds, venues, staging and push to production (sports-data-staging): HTTP params,
 * bodies and replies (its events are in sports.events.ts). Field names are the product's names (docs/architecture.md#data).
 */

/** The staging schedule id is always 1 (there is one staging copy: docs/screens.md#staging). */
export const STAGING_SCHEDULE_ID = 1;
export const seasonTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/**
 * COMPLETE only when the provider says the game is completed (final, overtime included). ESPN's
 * STATUS_CANCELED is CANCELLED; STATUS_POSTPONED, STATUS_SUSPENDED and any other game in state `post`
 * that is not completed are POSTPONED (it may still be played; a commissioner can rule it void).
 */
export const GAME_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'COMPLETE', 'POSTPONED', 'CANCELLED'] as const;
export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;
/** Years accepted by the import calls. */
export const IMPORT_YEAR_MIN = 2000;
export const IMPORT_YEAR_MAX = 2100;

/** `:scheduleId` of every staging call (only 1 exists). */
export const scheduleIdParamsSchema = z.object({
  scheduleId: z.coerce
    .number()
    .int()
    .refine((v) => v === STAGING_SCHEDULE_ID, 'must be 1'),
});

/** Team, staging and production (same shape). */
export const teamSchema = z.object({
  espnId: z.string(),
  name: z.string(),
  shortName: z.string(),
  abbreviation: z.string(),
  city: z.string(),
  /** 6-digit hex without `#`, as ESPN sends it. */
  color: z.string().nullable(),
  logoUrl: z.string().nullable(),
  darkLogoUrl: z.string().nullable(),
});
export type Team = z.infer<typeof teamSchema>;
export const teamsReplySchema = z.array(teamSchema);

/** GET /api/teams/{teamEspnId}/logo: the team's ESPN id (digits). */
export const teamLogoParamsSchema = z.object({ teamEspnId: z.string().regex(/^\d{1,10}$/, 'is an ESPN team id (digits)') });
/** `v`: the content hash of the logo (lowercase hex), which makes the URL immutable. */
export const teamLogoQuerySchema = z.object({
  v: z
    .string()
    .regex(/^[0-9a-f]{16,64}$/, 'is a logo hash (hex)')
    .optional(),
});

/**
 * Where PowerPool serves a team's logo (the `logoUrl` of a team, in staging, production and every
 * copy): our own origin, never the provider's image host. With `hash` the URL names one stored
 * image and is cached for a year; without it, the newest stored logo of the team (or a 404).
 */
export function teamLogoPath(teamEspnId: string, hash?: string | null): string {
  return `/api/teams/${encodeURIComponent(teamEspnId)}/logo${hash ? `?v=${hash}` : ''}`;
}

/**
 * Staging game. Week numbers: preseason -4..-1, regular 1..18, postseason 19 (Wild Card), 20
 * (Divisional), 21 (Conference), 22 (Super Bowl). `spread` is the home team's line (negative favours
 * home). `gameTimeUtc` is ISO UTC; `gameTimeCdt` is the same instant as an ISO string with the
 * America/Chicago offset (`2025-09-04T19:20:00-05:00`).
 */
export const stagingGameSchema = z.object({
  id: z.number().int(),
  espnId: z.string(),
  espnCompetitionId: z.string(),
  scheduleId: z.number().int(),
  /** The season year (2025 for every game of the 2025 season, even those played in 2026). */
  year: z.number().int(),
  seasonType: seasonTypeSchema,
  weekNumber: z.number().int(),
  homeTeamEspnId: z.string(),
  awayTeamEspnId: z.string(),
  homeTeamAbbr: z.string(),
  awayTeamAbbr: z.string(),
  homeTeamShortName: z.string(),
  awayTeamShortName: z.string(),
  gameTimeUtc: z.string(),
  gameTimeCdt: z.string(),
  spread: z.number().nullable(),
  gameName: z.string(),
  currentPeriod: z.number().int().nullable(),
  gameClock: z.string().nullable(),
  gameStatus: gameStatusSchema,
  winnerTeamEspnId: z.string().nullable(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  oddsProvider: z.string().nullable(),
  oddsDetails: z.string().nullable(),
  venueEspnId: z.string().nullable(),
  /**
   * The provider's short status text when it adds to gameStatus ("Halftime", "End of 3rd",
   * "Delayed", "Final/OT", "Suspended"); null otherwise. Older events without it read as null.
   */
  statusDetail: z.string().nullable().default(null),
});
export type StagingGame = z.infer<typeof stagingGameSchema>;
export const stagingGamesReplySchema = z.array(stagingGameSchema);

/** A production game: the staging fields without staging ids, keyed by espnId, plus updatedAt. */
export const gameSchema = stagingGameSchema.omit({ id: true, scheduleId: true }).extend({ updatedAt: z.string() });
export type Game = z.infer<typeof gameSchema>;
/** A game as read from the provider: a production or staging game without its storage fields. */
export type GameData = Omit<Game, 'updatedAt'>;

/**
 * What every service keeps of a production game in its own copy (the columns of service-kit's
 * `productionGameColumns`), versioned by `updatedAt`: copies keep the newest. A decision made on
 * one service's copy carries these (weeks.week.state-changed `results`), so the service acting on
 * it applies exactly what was decided on (docs/cross-service-decisions.md#how-a-result-travels).
 */
export const gameSnapshotSchema = gameSchema.pick({
  espnId: true,
  espnCompetitionId: true,
  year: true,
  weekNumber: true,
  homeTeamEspnId: true,
  awayTeamEspnId: true,
  homeTeamAbbr: true,
  awayTeamAbbr: true,
  homeTeamShortName: true,
  awayTeamShortName: true,
  gameName: true,
  gameTimeUtc: true,
  gameStatus: true,
  homeScore: true,
  awayScore: true,
  currentPeriod: true,
  gameClock: true,
  statusDetail: true,
  updatedAt: true,
});
export type GameSnapshot = z.infer<typeof gameSnapshotSchema>;

/** One changed field of an updated entry. */
export const fieldChangeSchema = z.object({ field: z.string(), staging: z.unknown(), production: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

function diffSchema<S extends z.ZodTypeAny, P extends z.ZodTypeAny>(staging: S, production: P) {
  return z.object({
    new: z.array(staging),
    updated: z.array(z.object({ staging, production, changes: z.array(fieldChangeSchema) })),
    toDelete: z.array(production),
    unchanged: z.array(staging),
  });
}
/** GET /api/admin/unified-staging/teams-diff/{scheduleId} */
export const teamsDiffSchema = diffSchema(teamSchema, teamSchema);
export type TeamsDiff = z.infer<typeof teamsDiffSchema>;
/** GET /api/admin/unified-staging/games-diff/{scheduleId}: toDelete only covers the staged years. */
export const gamesDiffSchema = diffSchema(stagingGameSchema, gameSchema);
export type GamesDiff = z.infer<typeof gamesDiffSchema>;

/** The seven checks of the validation report, in display order. */
export const VALIDATION_CHECKS = [
  'teamStructure',
  'regularSeasonStructure',
  'preseasonStructure',
  'postseasonStructure',
  'dataIntegrity',
  'winnerLogic',
  'oddsValidation',
] as const;
export type ValidationCheck = (typeof VALIDATION_CHECKS)[number];
export const overallStatusSchema = z.enum(['PASSED', 'WARNINGS', 'FAILED']);
export type OverallStatus = z.infer<typeof overallStatusSchema>;
export const checkResultSchema = z.object({
  passed: z.boolean(),
  /** 'critical': a failure makes the report FAILED; 'warning': a failure makes it WARNINGS. */
  severity: z.enum(['critical', 'warning']),
  details: z.string(),
  errors: z.array(z.string()),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
/** GET /api/admin/unified-staging/validate-games/{scheduleId} */
export const validationReportSchema = z.object({
  summary: z.object({ overallStatus: overallStatusSchema, passed: z.number().int(), failed: z.number().int(), totalChecks: z.number().int() }),
  totalGames: z.number().int(),
  validationResults: z.object({
    teamStructure: checkResultSchema,
    regularSeasonStructure: checkResultSchema,
    preseasonStructure: checkResultSchema,
    postseasonStructure: checkResultSchema,
    dataIntegrity: checkResultSchema,
    winnerLogic: checkResultSchema,
    oddsValidation: checkResultSchema,
  }),
});
export type ValidationReport = z.infer<typeof validationReportSchema>;

/** POST import-teams / import-games body. */
export const importBodySchema = z
  .object({
    year: z
      .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a year (a number)') })
      .int('must be a whole year')
      .min(IMPORT_YEAR_MIN, `must be ${IMPORT_YEAR_MIN} or later`)
      .max(IMPORT_YEAR_MAX, `must be ${IMPORT_YEAR_MAX} or earlier`),
  })
  .strict();

/** Counts of an import compared with what staging held before it. */
export const importResultSchema = z.object({
  total: z.number().int(),
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Staged rows of the imported scope that ESPN no longer lists (removed from staging). */
  removed: z.number().int(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * One line of the streamed import reply (`data: {json}` followed by a blank line, content type
 * text/event-stream). The stream ends after `complete` or after an `error` (then staging is unchanged).
 */
export const importEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('log'), message: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({ type: z.literal('progress'), current: z.number().int(), total: z.number().int(), item: z.string() }),
  z.object({ type: z.literal('complete'), message: z.string(), result: importResultSchema }),
]);
export type ImportEvent = z.infer<typeof importEventSchema>;

/** Migration validation (docs/screens.md#staging): the spec's name for how production matches staging after a push to production. */
export const migrationValidationSchema = z.object({
  passed: z.boolean(),
  stagingCount: z.number().int(),
  productionCount: z.number().int(),
  weekValidationPassed: z.boolean(),
  missingCount: z.number().int(),
  dataIntegrityPassed: z.boolean(),
});
export type MigrationValidation = z.infer<typeof migrationValidationSchema>;

export const migrationDetailsSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
});
export type MigrationDetails = z.infer<typeof migrationDetailsSchema>;

/** POST /api/admin/unified-staging/migrate-teams/{scheduleId} */
export const migrateTeamsReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  details: migrationDetailsSchema,
  validation: migrationValidationSchema,
});
export type MigrateTeamsReply = z.infer<typeof migrateTeamsReplySchema>;

/**
 * One server-sent event of GET /api/admin/unified-staging/migrate-games/{scheduleId}/stream
 * (unnamed events: `data: {json}`; read `type`). Ends after `complete` or `error`.
 */
export const migrateGamesEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('log'), message: z.string() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  z.object({
    type: z.literal('complete'),
    message: z.string(),
    result: migrationDetailsSchema.extend({ validation: migrationValidationSchema }),
  }),
]);
export type MigrateGamesEvent = z.infer<typeof migrateGamesEventSchema>;

/** DELETE /api/admin/unified-staging/clear-staging/{scheduleId} */
export const clearStagingReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.object({ teams: z.number().int(), games: z.number().int() }),
});
export type ClearStagingReply = z.infer<typeof clearStagingReplySchema>;

/** Venue (the Venues sub-tab, docs/screens.md#staging). Image URLs are null when ESPN has none. */
export const venueSchema = z.object({
  espnVenueId: z.string(),
  fullName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  indoor: z.boolean().nullable(),
  grass: z.boolean().nullable(),
  exteriorImageUrl: z.string().nullable(),
  interiorImageUrl: z.string().nullable(),
});
export type Venue = z.infer<typeof venueSchema>;
/** GET /api/venues (any signed-in user), ordered by fullName. */
export const venuesReplySchema = z.array(venueSchema);

export const venueStatsSchema = z.object({
  total: z.number().int(),
  withExteriorImages: z.number().int(),
  withInteriorImages: z.number().int(),
  indoorVenues: z.number().int(),
  grassVenues: z.number().int(),
});
/** GET /api/unified-staging/venues/stats */
export const venueStatsReplySchema = z.object({ success: z.literal(true), data: venueStatsSchema });
export type VenueStats = z.infer<typeof venueStatsSchema>;

/**
 * POST /api/unified-staging/venues/import (no body): fetches the venue document of every venue
 * used by a staged or production game. skipped = already up to date or ESPN has no document.
 */
export const venueImportReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ imported: z.number().int(), updated: z.number().int(), skipped: z.number().int() }),
});
export type VenueImportReply = z.infer<typeof venueImportReplySchema>;
