import { z } from 'zod';
import { freeText, idParam, text } from './common.js';
import { gameStatusSchema } from './sports.schemas.js';
import { COVER_RESULTS, isWeekNumber } from './weeks.rules.js';
import { weekStateSchema } from './week-states.schemas.js';
import { weekNumberBodySchema, weekNumberSchema } from './weeks.schemas.js';
import {
  ACCESS_LEVELS,
  COVERING_STATES,
  MAX_PICKS_PER_WEEK,
  OVERRIDE_REASON_MAX_LENGTH,
  PICK_RESULTS,
  POWER_EFFECTS,
  POWER_PICK_RANK,
  TIEBREAKER_MAX,
  TIEBREAKER_MIN,
} from './picks.rules.js';
import { PICK_MESSAGES } from './picks.messages.js';

/** Picks, scoring and leaderboards (picks-scoring): HTTP params, bodies and replies, and the live streams (SSE). */

// The rules' enumerations as schemas (picks.rules.ts stays free of zod: docs/screens.md#data-loading).

export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export const pickResultSchema = z.enum(PICK_RESULTS);
export const coveringSchema = z.enum(COVERING_STATES);

// ---------------------------------------------------------------------------------------------
// Params and queries

const uuidOf = (what: string) => z.uuid({ error: `must be a ${what} id` });
const poolId = uuidOf('pool');

/**
 * A week in a picks path: the id GET /api/weeks/current gives (`2025:3`, the pool's season) or a
 * bare week number (`3`).
 */
export const weekIdSchema = text()
  .trim()
  .regex(/^(\d{4}:)?-?\d{1,2}$/, 'must be a week id (year:week) or a week number')
  .transform((value) => {
    const [a, b] = value.split(':');
    return b === undefined ? { year: null as number | null, weekNumber: Number(a) } : { year: Number(a), weekNumber: Number(b) };
  })
  .refine((w) => isWeekNumber(w.weekNumber), 'must be a week from -4 to 22 (no week 0)');
/** A week of a picks path, without its pool (`year` null: the pool's season). A pool's week is picks-scoring's PoolWeekRef. */
export type WeekRef = z.output<typeof weekIdSchema>;

export const weekIdParamsSchema = z.object({ weekId: weekIdSchema });
export const picksPoolQuerySchema = z.object({ poolId }).strict();
export const poolSeasonParamsSchema = z.object({
  poolId,
  seasonId: z.coerce.number({ error: 'must be a season year' }).int('must be a season year').min(2000).max(2100),
});
export const userPoolParamsSchema = z.object({ userId: uuidOf('user'), poolId });
export const adminWeekParamsSchema = z.object({ weekNumber: weekNumberSchema });

// ---------------------------------------------------------------------------------------------
// Picks

const confidenceRankSchema = z
  .number({ error: 'must be 3, 2, 1 or 0 (power pick)' })
  .int('must be 3, 2, 1 or 0 (power pick)')
  .min(POWER_PICK_RANK, 'must be 3, 2, 1 or 0 (power pick)')
  .max(3, 'must be 3, 2, 1 or 0 (power pick)');

/** One pick as the Make Picks screen sends it. */
export const pickInputSchema = z
  .object({
    poolId,
    /** The pool game (optional: the game id alone identifies it within the pool's week). */
    poolGameId: idParam.nullish(),
    gameEspnCompetitionId: idParam,
    selectedTeamEspnId: idParam,
    confidenceRank: confidenceRankSchema,
    isPowerPick: z.boolean({ error: 'must be true or false' }),
    weekNumber: weekNumberBodySchema,
  })
  .strict();
export type PickInput = z.input<typeof pickInputSchema>;

/** POST /api/picks/batch: every pick of the week (three confidence picks, optional power pick). */
/** A tiebreaker prediction (docs/game.md#weekly-winners): a whole number of points from 0 to 200. */
const tiebreakerText = `must be a whole number from ${TIEBREAKER_MIN} to ${TIEBREAKER_MAX}`;
export const tiebreakerSchema = z.number({ error: tiebreakerText }).int(tiebreakerText).min(TIEBREAKER_MIN, tiebreakerText).max(TIEBREAKER_MAX, tiebreakerText);

export const batchPicksBodySchema = z
  .object({
    weekId: z
      .union([z.number(), text()])
      .transform((v) => String(v))
      .pipe(weekIdSchema),
    picks: z.array(pickInputSchema, { error: 'must be a list of picks' }).max(MAX_PICKS_PER_WEEK, `at most ${MAX_PICKS_PER_WEEK} picks`),
    /** The total points predicted for the week's tiebreaker game: required when the week has one, ignored otherwise. */
    tiebreaker: tiebreakerSchema.nullish(),
  })
  .strict();
export type BatchPicksBody = z.input<typeof batchPicksBodySchema>;

/** A saved pick (docs/game.md#picks), with its result once the game is decided. */
export const savedPickSchema = z.object({
  id: z.string(),
  poolId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  /** Null for a commissioner's power pick on a game the pool did not publish. */
  poolGameId: z.string().nullable(),
  gameId: z.string(),
  gameEspnCompetitionId: z.string(),
  selectedTeamEspnId: z.string(),
  selectedTeamAbbreviation: z.string().nullable(),
  selectedTeamLogoUrl: z.string().nullable(),
  confidenceRank: z.number().int(),
  isPowerPick: z.boolean(),
  /** True won, false lost, null pending or push. */
  isCorrect: z.boolean().nullable(),
  result: pickResultSchema,
  /** Confidence picks: the points earned; the power pick: its bonus (final - raw). Null until scored. */
  pointsEarned: z.number().int().nullable(),
  /** Entered by the commissioner (an override). */
  enteredByCommissioner: z.boolean(),
  updatedAt: z.string(),
});
export type SavedPick = z.infer<typeof savedPickSchema>;
export const picksReplySchema = z.array(savedPickSchema);

export const batchPicksReplySchema = z.object({
  message: z.string(),
  poolId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  savedAt: z.string(),
  picks: picksReplySchema,
  /** The tiebreaker prediction saved with the picks (null: the week has no tiebreaker game). */
  tiebreaker: z.number().int().nullable().optional(),
});
export type BatchPicksReply = z.infer<typeof batchPicksReplySchema>;

/**
 * GET /api/weeks/{weekId}/tiebreaker?poolId=: the week's tiebreaker game (null without one) and the
 * signed-in player's own prediction (null until saved). Others' predictions show only with the board.
 */
export const myTiebreakerSchema = z.object({
  poolId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  tiebreakerGameId: z.string().nullable(),
  tiebreaker: z.number().int().nullable(),
});
export type MyTiebreaker = z.infer<typeof myTiebreakerSchema>;

/** POST /api/picks/commissioner-override */
export const overrideBodySchema = z
  .object({
    targetUserId: uuidOf('user'),
    poolId,
    weekNumber: weekNumberBodySchema,
    picks: z
      .array(pickInputSchema.omit({ poolId: true, weekNumber: true }).extend({ poolId: poolId.optional(), weekNumber: weekNumberBodySchema.optional() }), {
        error: 'must be a list of picks',
      })
      .max(MAX_PICKS_PER_WEEK, `at most ${MAX_PICKS_PER_WEEK} picks`),
    /** The player's tiebreaker prediction (docs/game.md#weekly-winners): absent keeps theirs, null clears it; ignored for a week without a tiebreaker game. */
    tiebreaker: tiebreakerSchema.nullish(),
    overrideReason: freeText({ error: PICK_MESSAGES.overrideRequired })
      .trim()
      .min(1, PICK_MESSAGES.overrideRequired)
      .max(OVERRIDE_REASON_MAX_LENGTH, `at most ${OVERRIDE_REASON_MAX_LENGTH} characters`),
  })
  .strict();
export type OverrideBody = z.input<typeof overrideBodySchema>;

/** A recorded commissioner override. Picks before and after are hidden from other members before the deadline. */
export const pickOverrideSchema = z.object({
  id: z.string(),
  poolId: z.string(),
  weekNumber: z.number().int(),
  targetUserId: z.string(),
  targetDisplayName: z.string(),
  byUserId: z.string(),
  byDisplayName: z.string(),
  reason: z.string(),
  at: z.string(),
  picksBefore: picksReplySchema.nullable(),
  picksAfter: picksReplySchema.nullable(),
  /** The tiebreaker prediction before and after, shown exactly when the picks are (null: hidden or none). */
  tiebreakerBefore: z.number().int().nullable().optional(),
  tiebreakerAfter: z.number().int().nullable().optional(),
});
export type PickOverride = z.infer<typeof pickOverrideSchema>;
export const pickOverridesReplySchema = z.array(pickOverrideSchema);

export const overrideReplySchema = z.object({
  message: z.string(),
  autoRecalculated: z.boolean(),
  override: pickOverrideSchema,
});
export type OverrideReply = z.infer<typeof overrideReplySchema>;

/** GET /api/admin/weeks/{weekNumber}/pick-stats?poolId= */
export const pickStatsSchema = z.object({ totalUsers: z.number().int(), completedUsers: z.number().int() });
export type PickStats = z.infer<typeof pickStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Scoring

/** One player's week: raw points, the power multiplier and the final score. */
const weekScoreFields = {
  rawPoints: z.number().int(),
  multiplier: z.number().int(),
  powerBonus: z.number().int(),
  /** The final score (raw x multiplier). */
  totalPoints: z.number().int(),
  powerEffect: z.enum(POWER_EFFECTS),
  /** True won, false lost, null: no power pick, pending or push. */
  powerPickCorrect: z.boolean().nullable(),
  hasCalculationError: z.boolean(),
  errorMessage: z.string().nullable(),
};

/** GET /api/pools/{poolId}/weeks/{weekNumber}/scoring-review: one row per active member. */
export const scoringReviewRowSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string(),
  picks: picksReplySchema,
  ...weekScoreFields,
  /** Weeks with a tiebreaker game only (docs/game.md#weekly-winners): the prediction (null: none) and whether the player won the week. */
  tiebreaker: z.number().int().nullable().optional(),
  isWeekWinner: z.boolean().optional(),
});
export type ScoringReviewRow = z.infer<typeof scoringReviewRowSchema>;
export const scoringReviewReplySchema = z.object({
  poolId: z.string(),
  weekNumber: z.number().int(),
  state: weekStateSchema,
  /** Null until scores were calculated. */
  calculatedAt: z.string().nullable(),
  rows: z.array(scoringReviewRowSchema),
});
export type ScoringReviewReply = z.infer<typeof scoringReviewReplySchema>;

/** POST /api/pools/{poolId}/weeks/{weekNumber}/scores/calculate */
export const calculateReplySchema = z.object({
  message: z.string(),
  calculatedAt: z.string(),
  usersCalculated: z.number().int(),
  errors: z.number().int(),
});
export type CalculateReply = z.infer<typeof calculateReplySchema>;

/** GET /api/users/{userId}/pools/{poolId}/weekly-scoring-review: one entry per completed week. */
export const weeklyScoringReviewSchema = z.object({
  weekNumber: z.number().int(),
  displayName: z.string(),
  picks: picksReplySchema,
  ...weekScoreFields,
  /** Weeks with a tiebreaker game only (docs/game.md#weekly-winners): the player's prediction (null: none) and whether they won the week. */
  tiebreaker: z.number().int().nullable().optional(),
  isWeekWinner: z.boolean().optional(),
});
export type WeeklyScoringReview = z.infer<typeof weeklyScoringReviewSchema>;
export const weeklyScoringReviewReplySchema = z.array(weeklyScoringReviewSchema);

// ---------------------------------------------------------------------------------------------
// Leaderboards

/** GET /api/pools/{poolId}/seasons/{seasonId}/leaderboard: every active member, ranked (ties share). */
export const seasonLeaderboardEntrySchema = z.object({
  user: z.object({ id: z.string(), displayName: z.string() }),
  rank: z.number().int(),
  totalPoints: z.number().int(),
  weeksPlayed: z.number().int(),
  averagePoints: z.number().int(),
  bestWeek: z.number().int(),
});
export type SeasonLeaderboardEntry = z.infer<typeof seasonLeaderboardEntrySchema>;
export const seasonLeaderboardReplySchema = z.array(seasonLeaderboardEntrySchema);

/** GET /api/pools/{poolId}/completed-weeks */
export const completedWeeksReplySchema = z.array(z.object({ weekNumber: z.number().int() }));

const venueRefSchema = z.object({
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  exteriorImageUrl: z.string().nullable(),
  interiorImageUrl: z.string().nullable(),
});

/** A pick on the live board. */
export const livePickSchema = z.object({
  gameId: z.string(),
  selectedTeamEspnId: z.string(),
  selectedTeamAbbr: z.string().nullable(),
  selectedTeamLogo: z.string().nullable(),
  confidenceRank: z.number().int(),
  isPowerPick: z.boolean(),
  isCorrect: z.boolean().nullable(),
  result: pickResultSchema,
  pointsEarned: z.number().int().nullable(),
  /** While its game is being played: covering, push or not covering the locked spread right now (null otherwise). */
  covering: coveringSchema.nullable(),
});
export type LivePick = z.infer<typeof livePickSchema>;

export const liveStandingSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  rank: z.number().int(),
  /** This week's final score so far (final and void games only). */
  weekPoints: z.number().int(),
  /** Completed weeks before this one + this week's points so far. */
  seasonPoints: z.number().int(),
  rawPoints: z.number().int(),
  powerBonus: z.number().int(),
  powerEffect: z.enum(POWER_EFFECTS),
  /** The most this player can still add this week (every pending pick winning). */
  possiblePointsRemaining: z.number().int(),
  hasPicks: z.boolean(),
  picks: z.array(livePickSchema),
  /**
   * Weeks with a tiebreaker game only (docs/game.md#weekly-winners), absent otherwise: the player's
   * predicted total (null: none entered), shown exactly where their picks are.
   */
  tiebreaker: z.number().int().nullable().optional(),
  /** Weeks with a tiebreaker game only: a winner of the week (weekWinnersOf), once the week is in SCORING or COMPLETE. */
  isWeekWinner: z.boolean().optional(),
});
export type LiveStanding = z.infer<typeof liveStandingSchema>;

export const liveGameSchema = z.object({
  gameId: z.string(),
  poolGameId: z.string(),
  gameTime: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeTeamAbbr: z.string(),
  awayTeamAbbr: z.string(),
  homeTeamLogo: z.string().nullable(),
  awayTeamLogo: z.string().nullable(),
  status: gameStatusSchema,
  quarter: z.number().int().nullable(),
  clock: z.string().nullable(),
  /** The provider's short status text ("Halftime", "End of 3rd", "Delayed", "Final/OT"), else null. */
  statusDetail: z.string().nullable().default(null),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  spread: z.number().nullable(),
  isVoid: z.boolean(),
  cover: z.enum(COVER_RESULTS).nullable(),
  venue: venueRefSchema.nullable(),
  /** The teams as the pool published the game (what a pick's selectedTeamEspnId is compared with). */
  homeTeamEspnId: z.string(),
  awayTeamEspnId: z.string(),
  /** The commissioner ruled the game void (docs/game.md#void-games); isVoid also counts a cancelled game. */
  ruledVoid: z.boolean(),
  /** When the provider last changed the game: the newest wins (a `games` frame older than the board is skipped). */
  updatedAt: z.string(),
});
export type LiveGame = z.infer<typeof liveGameSchema>;

/**
 * A game as every pool shows it, whatever the pool: the production game with its teams' names and
 * logos and its venue, and no pool's spread, ruling or pick. The `games` frame of the live stream
 * carries these, one frame for every pool (docs/architecture.md#a-scores-path).
 */
export const liveGameFactsSchema = liveGameSchema.pick({
  gameId: true,
  gameTime: true,
  homeTeam: true,
  awayTeam: true,
  homeTeamAbbr: true,
  awayTeamAbbr: true,
  homeTeamLogo: true,
  awayTeamLogo: true,
  status: true,
  quarter: true,
  clock: true,
  statusDetail: true,
  homeScore: true,
  awayScore: true,
  venue: true,
  updatedAt: true,
});
export type LiveGameFacts = z.infer<typeof liveGameFactsSchema>;

const impactPlayerSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  seasonPoints: z.number().int(),
  seasonRank: z.number().int(),
  selectedTeamAbbr: z.string().nullable(),
  isPowerPick: z.boolean(),
  confidenceRank: z.number().int(),
});
export const impactGameSchema = z.object({
  gameId: z.string(),
  gameTime: z.string(),
  homeTeamAbbr: z.string(),
  awayTeamAbbr: z.string(),
  status: gameStatusSchema,
  /** Points at stake on this game: each confidence pick's rank, each power pick's possible swing. */
  totalImpactPoints: z.number().int(),
  pickDetails: z.object({
    threePtPicks: z.number().int(),
    twoPtPicks: z.number().int(),
    onePtPicks: z.number().int(),
    powerPicks: z.number().int(),
    /** Sorted by season rank; the card shows the first 6 and "+N more players". */
    players: z.array(impactPlayerSchema),
  }),
});
export type ImpactGame = z.infer<typeof impactGameSchema>;

/** How the pool picked a game (GameConsensus of picks.rules.ts: six counts, a few bytes per game). */
export const gameConsensusSchema = z.tuple([
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
  z.number().int().min(0),
]);

export const liveWeekOptionSchema = z.object({ weekNumber: z.number().int(), displayName: z.string(), state: weekStateSchema });

/** GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard */
export const liveLeaderboardSchema = z.object({
  status: z.literal('ok'),
  message: z.string().nullable(),
  standings: z.array(liveStandingSchema),
  gamesCentric: z.array(liveGameSchema),
  impactGames: z.array(impactGameSchema),
  overrides: pickOverridesReplySchema,
  /** How the pool picked each game, by gameId (docs/game.md#pick-consensus): served with the picks, under the same access. */
  consensus: z.record(z.string(), gameConsensusSchema),
  metadata: z.object({
    poolId: z.string(),
    poolName: z.string(),
    year: z.number().int(),
    weekNumber: z.number().int(),
    weekDisplayName: z.string(),
    currentState: weekStateSchema,
    pickDeadline: z.string().nullable(),
    gamesInProgress: z.boolean(),
    picksAvailable: z.boolean(),
    accessLevel: accessLevelSchema,
    allWeeks: z.array(liveWeekOptionSchema),
    generatedAt: z.string(),
    /**
     * Weeks with a tiebreaker game only (docs/game.md#weekly-winners), absent otherwise: the game
     * (one of gamesCentric) whose total the predictions are compared with (tiebreakerTotalOf).
     */
    tiebreakerGameId: z.string().optional(),
  }),
});
export type LiveLeaderboard = z.infer<typeof liveLeaderboardSchema>;

// ---------------------------------------------------------------------------------------------
// Live push (server-sent events): the live leaderboard and the games of a week, while games are on

/** The live board's metadata (liveLeaderboardSchema.metadata). */
export const liveMetadataSchema = liveLeaderboardSchema.shape.metadata;

/**
 * A standing in a `patch`: a new player's whole row (with its userId); for a player already on the
 * board, `at` (their index in the base board's standings: ids do not compress) and only the fields
 * that changed, with only the picks that changed (by gameId, each with only its changed fields),
 * or the whole list of picks with `picksReplaced` when a pick came or went. A score change moves a
 * few fields of a few hundred rows, not the rows.
 */
export const liveStandingChangeSchema = liveStandingSchema
  .omit({ picks: true })
  .partial()
  .extend({
    at: z.number().int().min(0).optional(),
    picks: z.array(livePickSchema.partial().extend({ gameId: z.string() })).optional(),
    picksReplaced: z.literal(true).optional(),
  });
export type LiveStandingChange = z.infer<typeof liveStandingChangeSchema>;

/**
 * One `data:` of GET .../live-leaderboard/stream. Each event's SSE `id:` is its `version` (`games` has none).
 * - `snapshot`: the whole board (on connect, and on a reconnect the process cannot patch).
 * - `patch`: what changed from the board of version `base` to `version`: games (by gameId) that
 *   are new or changed, standings (by userId) new or changed (liveStandingChangeSchema: only what
 *   changed), userIds no longer on the board, the new order when it changed as runs of the implied
 *   order (`orderRuns`: [start, length] slices of the old order without the removed, new players
 *   last), and impactGames / overrides / message when they changed, the consensus of the games
 *   whose consensus changed; metadata always. A browser
 *   whose board is not `base` reconnects for a snapshot.
 * - `closed`: the caller may no longer see this board (removed from the pool, the pool deleted);
 *   the stream ends after it. `status` is the HTTP status a plain GET would now answer.
 * - `games`: games that changed, as every pool shows them (liveGameFactsSchema), with no `id:`: one
 *   frame for every board that shows one of them. A board that `isFrameFedBoard` says is fed this
 *   way becomes `liveBoardWithGames(board, games, generatedAt)` and keeps its version; any other
 *   board skips it (its changes come as patches). It carries no pick.
 */
export const liveStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), version: z.string(), board: liveLeaderboardSchema }),
  z.object({
    type: z.literal('patch'),
    version: z.string(),
    base: z.string(),
    games: z.array(liveGameSchema),
    standings: z.array(liveStandingChangeSchema),
    removed: z.array(z.string()),
    orderRuns: z.array(z.tuple([z.number().int().min(0), z.number().int().min(1)])).optional(),
    impactGames: z.array(impactGameSchema).optional(),
    overrides: pickOverridesReplySchema.optional(),
    /** The games whose consensus changed (by gameId), only when one did. */
    consensus: z.record(z.string(), gameConsensusSchema).optional(),
    message: z.string().nullable().optional(),
    metadata: liveMetadataSchema,
  }),
  z.object({ type: z.literal('closed'), status: z.number().int(), error: z.string(), message: z.string() }),
  z.object({ type: z.literal('games'), games: z.array(liveGameFactsSchema), generatedAt: z.string() }),
]);
export type LiveStreamEvent = z.infer<typeof liveStreamEventSchema>;

/** A game's live state as the games stream carries it (Make Picks cards, Manage Weeks). */
export const gameLiveStateSchema = z.object({
  gameId: z.string(),
  status: gameStatusSchema,
  statusDetail: z.string().nullable(),
  quarter: z.number().int().nullable(),
  clock: z.string().nullable(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  gameTimeUtc: z.string(),
  updatedAt: z.string(),
});
export type GameLiveState = z.infer<typeof gameLiveStateSchema>;

/**
 * One `data:` of GET /api/seasons/{year}/weeks/{weekNumber}/games/stream: a snapshot of every game
 * of the week on connect (and reconnect), then each game as it changes.
 */
export const gamesStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), games: z.array(gameLiveStateSchema) }),
  z.object({ type: z.literal('game'), game: gameLiveStateSchema }),
]);
export type GamesStreamEvent = z.infer<typeof gamesStreamEventSchema>;

/** GET /api/seasons/{year}/weeks/{weekNumber}/games/stream */
export const seasonWeekParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100), weekNumber: weekNumberSchema });
/** The 403 reply before the deadline: `{ error, status: "picks_not_available", message }`. */
export const picksNotAvailableBodySchema = z.object({ error: z.literal('picks_not_available'), status: z.literal('picks_not_available'), message: z.string() });
