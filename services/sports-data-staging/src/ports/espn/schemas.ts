import { z } from 'zod';

/**
 * Tolerant zod schemas for the ESPN documents we read (see fixtures/espn/ENDPOINTS.md). Unknown keys
 * are ignored; ids and scores may be strings or numbers; optional blocks (odds, winner, venue, week,
 * season) may be missing.
 */
export const espnId = z.union([z.string().min(1), z.number()]).transform(String);
const numberLike = z.union([z.number(), z.string()]);
const optionalString = z.string().nullish();

export const teamRefSchema = z.object({
  id: espnId,
  abbreviation: z.string().min(1),
  displayName: z.string().nullish(),
  shortDisplayName: z.string().nullish(),
  name: z.string().nullish(),
  location: z.string().nullish(),
  venue: z.object({ id: espnId }).nullish(),
});

export const competitorSchema = z.object({
  id: espnId.nullish(),
  homeAway: z.enum(['home', 'away']),
  score: numberLike.nullish(),
  winner: z.boolean().nullish(),
  team: teamRefSchema,
});

export const statusSchema = z.object({
  period: z.number().nullish(),
  displayClock: optionalString,
  type: z.object({
    name: optionalString,
    state: z.string(),
    completed: z.boolean().nullish(),
    detail: optionalString,
  }),
});

const teamOddsSchema = z.object({ favorite: z.boolean().nullish() }).nullish();
export const scoreboardOddsSchema = z.object({
  provider: z.object({ id: espnId.nullish(), name: optionalString }).nullish(),
  details: optionalString,
  spread: numberLike.nullish(),
  overUnder: numberLike.nullish(),
  homeTeamOdds: teamOddsSchema,
  awayTeamOdds: teamOddsSchema,
  pointSpread: z
    .object({ home: z.object({ close: z.object({ line: optionalString }).nullish(), open: z.object({ line: optionalString }).nullish() }).nullish() })
    .nullish(),
});
export type ScoreboardOdds = z.infer<typeof scoreboardOddsSchema>;

export const addressSchema = z.object({ city: optionalString, state: optionalString, zipCode: optionalString, country: optionalString }).nullish();
const scoreboardVenueSchema = z.object({ id: espnId, fullName: optionalString, address: addressSchema, indoor: z.boolean().nullish() });

export const competitionSchema = z.object({
  id: espnId,
  date: z.string().min(1),
  status: statusSchema,
  competitors: z.array(competitorSchema).length(2, 'a game needs exactly two competitors'),
  venue: scoreboardVenueSchema.nullish(),
  odds: z.array(scoreboardOddsSchema).nullish(),
});

export const eventSchema = z.object({
  id: espnId,
  date: z.string().min(1),
  name: optionalString,
  shortName: optionalString,
  season: z.object({ year: z.number().int(), type: z.number().int() }).nullish(),
  week: z.object({ number: z.number().int() }).nullish(),
  competitions: z.array(competitionSchema).min(1, 'an event needs a competition'),
});
export type EspnEvent = z.infer<typeof eventSchema>;

export const scoreboardSchema = z.object({
  season: z.object({ year: z.number().int(), type: z.number().int() }).nullish(),
  week: z.object({ number: z.number().int() }).nullish(),
  events: z.array(eventSchema),
});
export type EspnScoreboard = z.infer<typeof scoreboardSchema>;

const logoSchema = z.object({ href: z.string(), rel: z.array(z.string()).nullish() });
export const teamSchema = z.object({
  id: espnId,
  abbreviation: z.string().min(1),
  displayName: z.string().min(1),
  shortDisplayName: z.string().nullish(),
  name: z.string().nullish(),
  location: z.string().nullish(),
  color: optionalString,
  isActive: z.boolean().nullish(),
  logos: z.array(logoSchema).nullish(),
});
export type EspnTeam = z.infer<typeof teamSchema>;

export const teamsListSchema = z.object({
  sports: z.array(z.object({ leagues: z.array(z.object({ teams: z.array(z.object({ team: teamSchema })) })).min(1) })).min(1, 'the list has no sport'),
});

const imageSchema = z.object({ href: z.string(), rel: z.array(z.string()).nullish() });
export const venueDocSchema = z.object({
  id: espnId,
  fullName: z.string().min(1),
  address: addressSchema,
  grass: z.boolean().nullish(),
  indoor: z.boolean().nullish(),
  images: z.array(imageSchema).nullish(),
});
export type EspnVenue = z.infer<typeof venueDocSchema>;

export const teamDetailSchema = z.object({ team: teamSchema.extend({ franchise: z.object({ venue: venueDocSchema.nullish() }).nullish() }) });

export const refListSchema = z.object({
  count: z.number().int().nullish(),
  pageIndex: z.number().int().nullish(),
  pageCount: z.number().int().nullish(),
  items: z.array(z.object({ $ref: z.string() })),
});

export const coreOddsListSchema = z.object({
  items: z.array(
    z.object({
      provider: z.object({ id: espnId.nullish(), name: optionalString }).nullish(),
      details: optionalString,
      spread: numberLike.nullish(),
      overUnder: numberLike.nullish(),
    }),
  ),
});

export const summarySchema = z.object({
  header: z.object({ id: espnId }),
  pickcenter: z
    .array(z.object({ provider: z.object({ id: espnId.nullish(), name: optionalString }).nullish(), details: optionalString, spread: numberLike.nullish() }))
    .nullish(),
});
