import { z } from 'zod';
import { idParam, text } from './common.js';
import { gameStatusSchema, seasonTypeSchema } from './sports.schemas.js';
import { weekStateSchema } from './week-states.schemas.js';
import {
  COVER_RESULTS,
  isWeekNumber,
  SEASON_PARTS,
  SPREAD_LIMIT,
  SPREAD_STEP,
  TRANSITION_SLUGS,
  WEEK_NUMBER_MAX,
  WEEK_NUMBER_MIN,
  type TransitionSlug,
} from './weeks.rules.js';

/**
 * Weeks workflow (weeks-workflow): seasons and weeks from the production sports data, each pool's
 * state per week, its spreads and the games it publishes: HTTP params, bodies and replies.
 */

// The spread rule as a schema (weeks.rules.ts stays free of zod, so the SPA's first load has
// none: docs/screens.md#data-loading).

export const spreadSchema = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, 'must be a number')
  .refine((v) => Math.abs(v) <= SPREAD_LIMIT, `must be between -${SPREAD_LIMIT} and ${SPREAD_LIMIT}`)
  .refine((v) => Number.isInteger(v / SPREAD_STEP), `must be in steps of ${SPREAD_STEP}`);

// ---------------------------------------------------------------------------------------------
// Params and queries

const WEEK_NUMBER_PROBLEMS = {
  type: 'must be a week number',
  whole: 'must be a whole number',
  range: `must be a week from ${WEEK_NUMBER_MIN} to ${WEEK_NUMBER_MAX} (no week 0)`,
} as const;

/**
 * A week number in a path parameter (text on the wire, parsed): `/weeks/16`. Never in a body:
 * bodies use `weekNumberBodySchema`.
 */
export const weekNumberSchema = z.coerce
  .number({ error: WEEK_NUMBER_PROBLEMS.type })
  .int(WEEK_NUMBER_PROBLEMS.whole)
  .refine(isWeekNumber, WEEK_NUMBER_PROBLEMS.range);

/**
 * A week number in a JSON body: a JSON number, the string "16" is refused (bodies keep JSON's
 * types; libs/contracts/src/strict-body-types.test.ts checks every body).
 */
export const weekNumberBodySchema = z
  .number({ error: WEEK_NUMBER_PROBLEMS.type })
  .int(WEEK_NUMBER_PROBLEMS.whole)
  .refine(isWeekNumber, WEEK_NUMBER_PROBLEMS.range);

const poolId = z.uuid({ error: 'must be a pool id' });

export const weekParamsSchema = z.object({ weekNumber: weekNumberSchema });
export const poolWeekParamsSchema = z.object({ poolId, weekNumber: weekNumberSchema });
export const poolGameParamsSchema = z.object({ poolId, gameId: idParam });
export const poolWeekGameParamsSchema = z.object({ poolId, weekNumber: weekNumberSchema, gameId: idParam });
export const transitionParamsSchema = z.object({
  poolId,
  weekNumber: weekNumberSchema,
  target: z.enum(TRANSITION_SLUGS as [TransitionSlug, ...TransitionSlug[]]),
});

/**
 * Which season a weeks call is about: the pool's (poolId; the caller must manage it or belong to
 * it), else `year`, else the current season.
 */
export const weekScopeQuerySchema = z
  .object({
    poolId: poolId.optional(),
    year: z.coerce.number({ error: 'must be a year' }).int('must be a whole year').min(2000).max(2100).optional(),
  })
  .strict();
export type WeekScopeQuery = z.input<typeof weekScopeQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Replies

/** GET /api/seasons/current */
export const seasonSchema = z.object({
  year: z.number().int(),
  firstGameAt: z.string(),
  lastGameAt: z.string(),
  gameCount: z.number().int(),
  weekCount: z.number().int(),
  /** The week of the next or ongoing game; after the last game, the last week. */
  currentWeekNumber: z.number().int(),
});
export type Season = z.infer<typeof seasonSchema>;

/** A week of a season (GET /api/weeks, /api/weeks/current, /api/weeks/{weekNumber}). */
export const weekSchema = z.object({
  /** `${year}:${weekNumber}` */
  id: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  seasonType: seasonTypeSchema,
  seasonPart: z.enum(SEASON_PARTS),
  displayName: z.string(),
  gameCount: z.number().int(),
  firstGameAt: z.string().nullable(),
  lastGameAt: z.string().nullable(),
  /**
   * With poolId: the pool's picks deadline (fixed at publish; before it, 10 minutes before the
   * week's first kickoff). Without: 10 minutes before the week's first kickoff.
   */
  pickDeadline: z.string().nullable(),
  /** With poolId: the pool's state of this week (SETUP until it is published). Null without. */
  state: weekStateSchema.nullable(),
});
export type Week = z.infer<typeof weekSchema>;
export const weeksReplySchema = z.array(weekSchema);

export const weekTeamSchema = z.object({
  espnId: z.string(),
  name: z.string(),
  abbreviation: z.string(),
  logoUrl: z.string().nullable(),
  /** 6-digit hex without `#`. */
  color: z.string().nullable(),
});
export type WeekTeam = z.infer<typeof weekTeamSchema>;

/** A production game of a week (GET /api/weeks/{weekNumber}/games/setup). */
export const weekGameSchema = z.object({
  /** The game's id everywhere in the weeks and picks calls (ESPN's event id). */
  id: z.string(),
  espnCompetitionId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  gameName: z.string(),
  gameTimeUtc: z.string(),
  status: gameStatusSchema,
  isComplete: z.boolean(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  currentPeriod: z.number().int().nullable(),
  gameClock: z.string().nullable(),
  /** The provider's current line (home-relative), null when it has none. */
  espnSpread: z.number().nullable(),
  oddsDetails: z.string().nullable(),
  homeTeam: weekTeamSchema,
  awayTeam: weekTeamSchema,
});
export type WeekGame = z.infer<typeof weekGameSchema>;
export const weekGamesReplySchema = z.array(weekGameSchema);

/** A pool's spread of one game (GET /api/pools/{poolId}/spreads/{weekNumber}, PUT .../spreads/{gameId}). */
export const poolSpreadSchema = z.object({
  gameId: z.string(),
  weekNumber: z.number().int(),
  /** The pool's spread (null until set). */
  spread: z.number().nullable(),
  /** The spread fixed at publish (null before). */
  lockedSpread: z.number().nullable(),
  espnSpread: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export type PoolSpread = z.infer<typeof poolSpreadSchema>;
export const poolSpreadsReplySchema = z.array(poolSpreadSchema);

/** PUT /api/pools/{poolId}/spreads/{gameId}: a number in half-point steps, or null to clear it. */
export const updateSpreadBodySchema = z.object({ spread: spreadSchema.nullable() }).strict();

/** POST /api/pools/{poolId}/spreads/{weekNumber}/download */
export const downloadSpreadsReplySchema = z.object({
  message: z.string(),
  updated: z.number().int(),
  /** Games the provider has no line for (they keep their spread), as "AWAY @ HOME". */
  missing: z.array(z.string()),
  spreads: poolSpreadsReplySchema,
});
export type DownloadSpreadsReply = z.infer<typeof downloadSpreadsReplySchema>;

/** A pool game of a published week (GET /api/pools/{poolId}/weeks/{weekNumber}/games/published). */
export const publishedGameSchema = weekGameSchema.extend({
  poolGameId: z.string(),
  /** The pool spread players pick against: the locked spread. */
  spread: z.number().nullable(),
  lockedSpread: z.number().nullable(),
  /** Void games count as a push for every pick (cancelled, or postponed and ruled void). */
  isVoid: z.boolean(),
  voidReason: z.string().nullable(),
  /** Who covered the locked spread, once the game is final (null before, and for void games). */
  cover: z.enum(COVER_RESULTS).nullable(),
  /** True on the week's tiebreaker game, fixed at publish (docs/game.md#weekly-winners); absent or false on the others. */
  isTiebreaker: z.boolean().optional(),
});
export type PublishedGame = z.infer<typeof publishedGameSchema>;
export const publishedGamesReplySchema = z.array(publishedGameSchema);

/** POST /api/pools/{poolId}/weeks/{weekNumber}/games/publish */
export const publishBodySchema = z.object({ gameIds: z.array(idParam, { error: 'must be a list of game ids' }).max(40, 'at most 40 games') }).strict();

/** GET /api/pools/{poolId}/weeks/{weekNumber}/state, and the reply of every change of state. */
export const weekStatusSchema = z.object({
  poolId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  displayName: z.string(),
  currentState: weekStateSchema,
  /** Null until published. */
  pickDeadline: z.string().nullable(),
  publishedAt: z.string().nullable(),
  stateChangedAt: z.string().nullable(),
  /** Published games, how many are final, how many are void. */
  gameCount: z.number().int(),
  completedGames: z.number().int(),
  voidGames: z.number().int(),
});
export type WeekStatus = z.infer<typeof weekStatusSchema>;

/** POST .../transition/{target}: `testing` is the Testing tab's tool (skips the timing conditions, recorded). */
export const transitionBodySchema = z.object({ testing: z.boolean({ error: 'must be true or false' }).optional() }).strict();

export const transitionReplySchema = weekStatusSchema.extend({
  previousState: weekStateSchema,
  testing: z.boolean(),
  message: z.string(),
});
export type TransitionReply = z.infer<typeof transitionReplySchema>;

/** POST .../games/publish reply: the new state and the published games. */
export const publishReplySchema = transitionReplySchema.extend({ games: publishedGamesReplySchema });
export type PublishReply = z.infer<typeof publishReplySchema>;

/** POST /api/pools/{poolId}/weeks/{weekNumber}/import-scores */
export const importScoresReplySchema = z.object({
  message: z.string(),
  /** Games whose status or score changed. */
  updated: z.number().int(),
  completedGames: z.number().int(),
  totalGames: z.number().int(),
  games: publishedGamesReplySchema,
});
export type ImportScoresReply = z.infer<typeof importScoresReplySchema>;

/** POST /api/pools/{poolId}/weeks/{weekNumber}/games/{gameId}/void: rule a postponed game void. */
export const voidGameBodySchema = z.object({ reason: text().trim().min(1, 'is required').max(500, 'at most 500 characters') }).strict();

/** One recorded change of a pool week's state. */
export const weekTransitionSchema = z.object({
  fromState: weekStateSchema,
  toState: weekStateSchema,
  /** Made with the Testing tab's tool (timing conditions skipped). */
  testing: z.boolean(),
  /** Made by the deadline passing (no user). */
  automatic: z.boolean(),
  byUserId: z.string().nullable(),
  at: z.string(),
});
export type WeekTransition = z.infer<typeof weekTransitionSchema>;
export const weekTransitionsReplySchema = z.array(weekTransitionSchema);
