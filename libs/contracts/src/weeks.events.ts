import { z } from 'zod';
import { gameSnapshotSchema } from './sports.schemas.js';
import { weekStateSchema } from './week-states.schemas.js';
import { weekTransitionSchema } from './weeks.schemas.js';

/** weeks-workflow on the bus: its events and its request/reply. */

// ---------------------------------------------------------------------------------------------
// Events (weeks.<entity>.<verb>) and requests

const poolWeekRef = { poolId: z.string(), year: z.number().int(), weekNumber: z.number().int() };

/** weeks.week.published: the pool's games of the week with their locked spreads, and the deadline. */
export const weekPublishedEventSchema = z.object({
  ...poolWeekRef,
  pickDeadline: z.string(),
  publishedAt: z.string(),
  games: z.array(
    z.object({
      gameId: z.string(),
      poolGameId: z.string(),
      lockedSpread: z.number(),
      gameTimeUtc: z.string(),
      homeTeamEspnId: z.string(),
      awayTeamEspnId: z.string(),
    }),
  ),
  /**
   * The week's tiebreaker game (docs/game.md#weekly-winners): the last of `games` by kickoff when the
   * pool used a tiebreaker at publish, else null (and absent from events older than the setting).
   */
  tiebreakerGameId: z.string().nullable().default(null),
});
/**
 * One pool game as a week's move to SCORING or COMPLETE was decided on: the game's snapshot in
 * weeks-workflow's copy (versioned by `updatedAt`) and the pool's void ruling. picks-scoring
 * applies these (newest snapshot wins) in the same transaction as the state change, so it never
 * scores a week on results older than those the move was allowed on (docs/week.md#move-to-scoring).
 */
export const decidedGameSchema = z.object({
  poolGameId: z.string(),
  game: gameSnapshotSchema,
  /** The commissioner's (or a cancellation's) void ruling, if any. */
  voided: z.object({ reason: z.string(), voidedAt: z.string() }).nullable(),
});
export type DecidedGame = z.infer<typeof decidedGameSchema>;

/** weeks.week.state-changed: every change of a pool week's state (publish included). */
export const weekStateChangedEventSchema = z.object({
  ...poolWeekRef,
  // The move as the week's history records it (GET .../transitions answers the same fields).
  ...weekTransitionSchema.shape,
  /**
   * To SCORING and COMPLETE: every pool game of the week as the move was decided on. Absent on
   * the other moves (and on events written before it existed).
   */
  results: z.array(decidedGameSchema).optional(),
});
/** weeks.game.voided: a pool game counts as a push for every pick from now on. */
export const gameVoidedEventSchema = z.object({
  ...poolWeekRef,
  gameId: z.string(),
  poolGameId: z.string(),
  reason: z.string(),
  byUserId: z.string().nullable(),
  voidedAt: z.string(),
});

export const WEEK_EVENTS = {
  'weeks.week.published': weekPublishedEventSchema,
  'weeks.week.state-changed': weekStateChangedEventSchema,
  'weeks.game.voided': gameVoidedEventSchema,
} as const;

/**
 * rpc.weeks.pools.summary: for each pool, the state of its current week and how many pool games
 * it has published in all (pool cards, the pool deletion reply).
 */
/** The most pools one rpc.weeks.pools.summary request may name (ask in batches). */
export const POOLS_SUMMARY_MAX = 1000;
export const poolsSummaryRequestSchema = z.object({ poolIds: z.array(z.string()).max(POOLS_SUMMARY_MAX) });
export const poolWeekSummarySchema = z.object({
  poolId: z.string(),
  weekNumber: z.number().int().nullable(),
  currentWeekState: weekStateSchema.nullable(),
  publishedGames: z.number().int(),
});
export const poolsSummaryReplySchema = z.object({ pools: z.array(poolWeekSummarySchema) });

/**
 * rpc.weeks.week.get: a pool week as weeks-workflow has it, in the shape of its events (the
 * publication and the latest change of state, with its results), for a service whose copy is
 * behind to catch up at once through the same handlers the events go through.
 */
export const weekGetRequestSchema = z.object(poolWeekRef);
export const weekGetReplySchema = z.object({
  published: weekPublishedEventSchema.nullable(),
  /** The latest change of state after publishing (null while PUBLISHED or SETUP). */
  latest: weekStateChangedEventSchema.nullable(),
});
export type WeekGetReply = z.infer<typeof weekGetReplySchema>;
export type PoolsSummaryReply = z.infer<typeof poolsSummaryReplySchema>;
