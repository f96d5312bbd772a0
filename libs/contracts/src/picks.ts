import { z } from 'zod';
import { freeText, idParam, text } from './common.js';
import { gameStatusSchema } from './sports.js';
import { COVER_RESULTS, decidedGameSchema, isWeekNumber, PICK_DEADLINE_LEAD_MINUTES, weekLabel, weekNumberBodySchema, weekNumberSchema, weekStateSchema, type CoverResult } from './weeks.js';

/**
 * Picks, scoring and leaderboards (picks-scoring). The spec's texts and constants are named once
 * here; the scoring rules themselves (game-rules.md) live in picks-scoring's domain.
 */

// ---------------------------------------------------------------------------------------------
// Constants

/** The three confidence ranks, worth their own number of points; the power pick is stored as rank 0. */
export const CONFIDENCE_RANKS = [3, 2, 1] as const;
export type ConfidenceRank = (typeof CONFIDENCE_RANKS)[number];
export const POWER_PICK_RANK = 0;
/** One pick per rank, plus at most one power pick: never more than four picks a week. */
export const MAX_PICKS_PER_WEEK = CONFIDENCE_RANKS.length + 1;
/** The power pick multiplies the week's raw points: x2 when it wins, x0 when it loses, x1 otherwise. */
export const POWER_WIN_MULTIPLIER = 2;
export const POWER_LOSS_MULTIPLIER = 0;

/** The Make Picks countdown turns amber under this much time left. */
export const COUNTDOWN_WARNING_MS = 6 * 60 * 60 * 1000;
/** The live leaderboard's poll interval, the jitter added to it, and SCORING's factor. */
export const LIVE_POLL_INTERVAL_MS = 60_000;
export const LIVE_POLL_JITTER_MIN_MS = 10_000;
export const LIVE_POLL_JITTER_MAX_MS = 30_000;
export const LIVE_POLL_SCORING_FACTOR = 2;
export const LIVE_STALE_MS = 30_000;
/** Impact games: the top 3 games still to be decided, at most 6 players per card. */
export const IMPACT_GAMES_TOP = 3;
export const IMPACT_PLAYERS_PER_CARD = 6;
/** Live leaderboard page sizes ('all' shows every row, scrolling at 70vh). */
export const LIVE_PAGE_SIZES = [15, 25, 50, 100, 'all'] as const;
export type LivePageSize = (typeof LIVE_PAGE_SIZES)[number];
/** Screens this wide or narrower are phones: the live board starts at 15 rows instead of 25. */
export const LIVE_MOBILE_MAX_WIDTH_PX = 768;
export const LIVE_PAGE_SIZE_MOBILE = 15;
export const LIVE_PAGE_SIZE_DESKTOP = 25;
/** On a phone, a page size above this toasts the performance notice for LIVE_MOBILE_NOTICE_MS. */
export const LIVE_MOBILE_PAGE_SIZE_LIMIT = 50;
export const LIVE_MOBILE_NOTICE_MS = 4000;
/** At most this many page buttons between Previous and Next. */
export const LIVE_PAGE_BUTTONS = 5;
/** The scroll-to-top button shows after this much scrolling. */
export const LIVE_SCROLL_TOP_AFTER_PX = 200;
/** The live leaderboard stays cached this long after its screen is left. */
export const LIVE_CACHE_MS = 5 * 60_000;
/** The live leaderboard's CSV file name when the reply names none. */
export const liveLeaderboardCsvName = (weekNumber: number): string => `week-${weekNumber}-leaderboard.csv`;
export const OVERRIDE_REASON_MAX_LENGTH = 500;

/** How a power pick affects the week (the breakdown's x2, x0, push, none, pending). */
export const POWER_EFFECTS = ['x2', 'x0', 'push', 'none', 'pending'] as const;
export type PowerEffect = (typeof POWER_EFFECTS)[number];

/** Who sees a live leaderboard's picks (game-rules.md, "Who sees what"). */
export const ACCESS_LEVELS = ['FULL_ACCESS', 'COMMISSIONER_ACCESS', 'PUBLIC_ACCESS'] as const;
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** A pick's state: won, lost, push (void games included), or pending (not final yet). */
export const PICK_RESULTS = ['WIN', 'LOSS', 'PUSH', 'PENDING'] as const;
export const pickResultSchema = z.enum(PICK_RESULTS);
export type PickResult = z.infer<typeof pickResultSchema>;

/** A decided pick's result: won, lost or push. */
export type DecidedPickResult = Exclude<PickResult, 'PENDING'>;

/**
 * A pick against the spread on a score (game-rules.md "Points"): it wins when its team's side
 * covers, loses when the other side covers, and is a push when neither does (coverOf).
 */
export const resultAgainstSpreadOf = (cover: CoverResult, side: 'HOME' | 'AWAY'): DecidedPickResult => (cover === 'PUSH' ? 'PUSH' : cover === side ? 'WIN' : 'LOSS');

/**
 * A pending pick on a game being played, shown with how its team stands right now (game-rules.md
 * "Leaderboards"): covering, push (exactly on the spread) or not covering.
 */
export const COVERING_STATES = ['COVERING', 'PUSH', 'NOT_COVERING'] as const;
export const coveringSchema = z.enum(COVERING_STATES);
export type Covering = z.infer<typeof coveringSchema>;

/** The covering state of the result the pick would have if the game ended on the score right now. */
export const coveringOf = (result: DecidedPickResult): Covering => (result === 'WIN' ? 'COVERING' : result === 'LOSS' ? 'NOT_COVERING' : 'PUSH');

/** A confidence pick earns its rank when it wins; a loss, a push or a pending pick earns 0 (game-rules.md "Points"). */
export const confidencePointsOf = (rank: number, result: PickResult): number => (result === 'WIN' ? rank : 0);

/** The power pick's effect: x2 when it wins, x0 when it loses, x1 otherwise (push, none, pending). */
export function powerEffectOf(result: PickResult | null): { effect: PowerEffect; multiplier: number } {
  switch (result) {
    case null:
      return { effect: 'none', multiplier: 1 };
    case 'WIN':
      return { effect: 'x2', multiplier: POWER_WIN_MULTIPLIER };
    case 'LOSS':
      return { effect: 'x0', multiplier: POWER_LOSS_MULTIPLIER };
    case 'PUSH':
      return { effect: 'push', multiplier: 1 };
    case 'PENDING':
      return { effect: 'pending', multiplier: 1 };
  }
}

// ---------------------------------------------------------------------------------------------
// Texts the spec fixes (player spec sections 2, 5, 8; admin spec section 8)

const rankLabel = (rank: number) => `${rank}pt`;

export const PICK_MESSAGES = {
  incompletePicksTitle: 'Incomplete Picks',
  /** "You must select all three confidence picks: 3pt, 1pt are missing. Each pick must be on a different game." */
  incompletePicks: (missing: readonly number[]) =>
    `You must select all three confidence picks: ${missing.map(rankLabel).join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing. Each pick must be on a different game.`,
  cannotSelectConfidenceTitle: 'Cannot select confidence pick',
  cannotSelectConfidence: 'This game is already your power pick. Remove the power pick first.',
  cannotSelectPowerTitle: 'Cannot select power pick',
  cannotSelectPower: 'This game is already a confidence pick. Remove the confidence pick first.',
  poolGameDataNotFound: (game: string) => `Pool game data not found for game ${game}`,
  gameNotAvailable: (game: string) => `Game ${game} not found in available games for current pool`,
  saved: (weekNumber: number) => `Picks for Week ${weekNumber} have been saved`,
  savedTitle: 'Success',
  saveFailed: 'Failed to save pick',
  unauthorized: 'Unauthorized: You are logged out. Logging in again...',
  picksLocked: 'The picks deadline has passed: picks for this week are locked.',
  weekNotPublished: 'Picks are not open for this week: its games have not been published.',
  notAMember: 'You are not a member of this pool.',
  teamNotInGame: (team: string, game: string) => `Team ${team} does not play in game ${game}`,
  duplicateGame: 'Each pick must be on a different game.',
  duplicateRank: (rank: number) => `Only one ${rank === POWER_PICK_RANK ? 'power' : rankLabel(rank)} pick is allowed.`,
  powerPickFlag: 'The power pick is the one with rank 0, and only it is flagged as the power pick.',
  noPowerPick: 'No power pick selected',
  powerPickNoTeam: 'Power pick selected (choose team)',
  powerPickByCommissioner: 'Power pick entered by commissioner (game not available in this pool)',
  // Make Picks screen (player spec section 2)
  seasonLabel: 'NFL Season 2025',
  editPicks: 'Edit Picks',
  savePicks: 'Save Picks',
  savingPicks: 'Saving Picks...',
  chooseTeam: 'Choose a team below',
  notSelected: 'Not selected',
  deadlinePassed: 'Deadline passed',
  expired: (dueAt: string) => `EXPIRED - Picks were due ${dueAt}`,
  notAMemberTitle: 'Not a Pool Member',
  notAMemberHelp: 'You are not a member of any pool yet. Contact your pool commissioner for an invitation link to join.',
  welcomeTitle: 'Welcome to the Pool!',
  welcome: 'There is no current week yet. Games are typically published on Tuesday morning; come back then to make your picks.',
  gamesNotAvailableTitle: 'Games Not Yet Available',
  gamesNotAvailable: (week: string) => `The games for ${week} have not been published yet. Games are typically published on Tuesday morning.`,
  // Season Leaderboard and Live Results (player spec section 2)
  noLeaderboardData: 'No leaderboard data available',
  noPlayersMatching: (query: string) => `No players found matching "${query}"`,
  noPools: 'You are not a member of any pools yet.',
  noPoolsToManage: 'No pools available to manage.',
  selectLivePool: 'Select Pool for Live Results',
  liveLoadFailedTitle: 'Unable to Load Data',
  noPoolsFoundTitle: 'No Pools Found',
  noPoolsFoundAdmin: 'No pools are available to manage yet.',
  noPoolsFoundUser: 'You are not a member of any pool yet. Contact your pool commissioner for an invitation link.',
  picksNotAvailableTitle: 'Pick Data Coming Soon',
  picksNotAvailable: `Pick data will be available once the pick window closes, ${PICK_DEADLINE_LEAD_MINUTES} minutes before the first game.`,
  liveNotFound: 'Pool or week not found',
  overrideRequired: 'Please fill in all required fields',
  overrideConfidence: 'Must select all 3 confidence picks',
  overrideFailed: 'Failed to submit commissioner override picks',
  overrideSaved: (player: string, weekNumber: number) => `Override picks for ${player} saved for ${weekLabel(weekNumber)}`,
  pickNotOfBatch: (weekNumber: number) => `Every pick must be for this pool and for week ${weekNumber}.`,
  overrideTargetNotMember: 'The player is not a member of this pool.',
  calculated: (users: number, errors: number) =>
    errors === 0 ? `Scores calculated for ${users} player(s)` : `Scores calculated for ${users} player(s); ${errors} could not be calculated`,
  /** Calculate clicked before the move to scoring reached picks-scoring, and weeks-workflow could not be asked. */
  scoringNotYetSynced: (weekNumber: number) => `${weekLabel(weekNumber)} has just moved to scoring and its results are still on their way. Try again in a few seconds.`,
  calculateNotAllowed: 'Scores can be calculated only while the week is in scoring (or to correct a completed week by a commissioner override).',
  calculationFailedTitle: 'Failed to calculate scores',
  exportFailed: 'Failed to export CSV',
  exportFailedTitle: 'Export Failed',
  csvExportedTitle: 'CSV Exported',
  csvExported: 'Leaderboard exported successfully',
  /** The live leaderboard's fetch errors (player spec section 8). */
  liveAccessDenied: 'Access denied',
  liveFetchFailed: (status: number) => `Failed to fetch leaderboard: ${status}`,
  liveIdsRequired: 'Pool ID and week number are required',
  liveErrorTitle: 'Error Loading Leaderboard',
  liveErrorFallback: 'An unexpected error occurred',
  liveInlineErrorTitle: 'Error Loading Data',
  liveInlineError: 'Please try refreshing the page',
  liveShowingRange: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} users`,
  liveShowingAll: (total: number) => `Showing all ${total} users`,
  mobilePageSizeTitle: 'Performance Notice',
  mobilePageSize: `Showing more than ${LIVE_MOBILE_PAGE_SIZE_LIMIT} players at once may be slow on a phone.`,
  /** Week management (admin spec section 8). */
  scoringReviewExportFailed: 'Failed to export CSV. Please try again or contact support.',
  weekExportFailed: 'Failed to export CSV file',
  calculationErrorBadge: 'Error',
  calculationError: 'Could not calculate',
  seasonNotFound: 'This pool does not play that season.',
} as const;

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
export type WeekRef = z.output<typeof weekIdSchema>;

export const weekIdParamsSchema = z.object({ weekId: weekIdSchema });
export const picksPoolQuerySchema = z.object({ poolId }).strict();
export const poolSeasonParamsSchema = z.object({ poolId, seasonId: z.coerce.number({ error: 'must be a season year' }).int('must be a season year').min(2000).max(2100) });
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
export const batchPicksBodySchema = z
  .object({
    weekId: z.union([z.number(), text()]).transform((v) => String(v)).pipe(weekIdSchema),
    picks: z.array(pickInputSchema, { error: 'must be a list of picks' }).max(MAX_PICKS_PER_WEEK, `at most ${MAX_PICKS_PER_WEEK} picks`),
  })
  .strict();
export type BatchPicksBody = z.input<typeof batchPicksBodySchema>;

/** A saved pick (player spec section 3), with its result once the game is decided. */
export const pickSchema = z.object({
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
export type Pick = z.infer<typeof pickSchema>;
export const picksReplySchema = z.array(pickSchema);

export const batchPicksReplySchema = z.object({
  message: z.string(),
  poolId: z.string(),
  year: z.number().int(),
  weekNumber: z.number().int(),
  savedAt: z.string(),
  picks: picksReplySchema,
});
export type BatchPicksReply = z.infer<typeof batchPicksReplySchema>;

/** POST /api/picks/commissioner-override */
export const overrideBodySchema = z
  .object({
    targetUserId: uuidOf('user'),
    poolId,
    weekNumber: weekNumberBodySchema,
    picks: z.array(pickInputSchema.omit({ poolId: true, weekNumber: true }).extend({ poolId: poolId.optional(), weekNumber: weekNumberBodySchema.optional() }), { error: 'must be a list of picks' }).max(MAX_PICKS_PER_WEEK, `at most ${MAX_PICKS_PER_WEEK} picks`),
    overrideReason: freeText({ error: PICK_MESSAGES.overrideRequired }).trim().min(1, PICK_MESSAGES.overrideRequired).max(OVERRIDE_REASON_MAX_LENGTH, `at most ${OVERRIDE_REASON_MAX_LENGTH} characters`),
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
export const weeklyScoringReviewSchema = z.object({ weekNumber: z.number().int(), displayName: z.string(), picks: picksReplySchema, ...weekScoreFields });
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
});
export type LiveGame = z.infer<typeof liveGameSchema>;

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

export const liveWeekOptionSchema = z.object({ weekNumber: z.number().int(), displayName: z.string(), state: weekStateSchema });

/** GET /api/pools/{poolId}/weeks/{weekNumber}/live-leaderboard */
export const liveLeaderboardSchema = z.object({
  status: z.literal('ok'),
  message: z.string().nullable(),
  standings: z.array(liveStandingSchema),
  gamesCentric: z.array(liveGameSchema),
  impactGames: z.array(impactGameSchema),
  overrides: pickOverridesReplySchema,
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
  }),
});
export type LiveLeaderboard = z.infer<typeof liveLeaderboardSchema>;

// ---------------------------------------------------------------------------------------------
// Live push (server-sent events): the live leaderboard and the games of a week, while games are on

/**
 * Stream timing. Every stream sends an SSE comment (`: heartbeat`) every `heartbeatMs` so that
 * proxies keep it open and a dead connection is noticed; `retryMs` is the `retry:` the browser
 * waits before reconnecting. A browser that hears nothing (not even a heartbeat) for `staleMs`
 * treats the stream as failed. `resumeVersions`: how many recent board versions a process keeps
 * per pool week to answer a reconnect (`Last-Event-ID`) with patches instead of a snapshot.
 */
export const LIVE_STREAM = {
  heartbeatMs: 15_000,
  retryMs: 2_000,
  staleMs: 40_000,
  resumeVersions: 20,
  /** Bytes a connection may have waiting to be written before it is dropped as too slow (it reconnects and catches up). */
  maxBufferedBytes: 1_048_576,
} as const;

/** The live board's metadata (liveLeaderboardSchema.metadata). */
export const liveMetadataSchema = liveLeaderboardSchema.shape.metadata;

/**
 * One `data:` of GET .../live-leaderboard/stream. Each event's SSE `id:` is its `version`.
 * - `snapshot`: the whole board (on connect, and on a reconnect the process cannot patch).
 * - `patch`: what changed from the board of version `base` to `version`: games (by gameId) and
 *   standings (by userId) that are new or changed, userIds no longer on the board, the new order of
 *   userIds when it changed, and impactGames / overrides / message when they changed; metadata
 *   always. A browser whose board is not `base` reconnects for a snapshot.
 * - `closed`: the caller may no longer see this board (removed from the pool, the pool deleted);
 *   the stream ends after it. `status` is the HTTP status a plain GET would now answer.
 */
export const liveStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), version: z.string(), board: liveLeaderboardSchema }),
  z.object({
    type: z.literal('patch'),
    version: z.string(),
    base: z.string(),
    games: z.array(liveGameSchema),
    standings: z.array(liveStandingSchema),
    removed: z.array(z.string()),
    order: z.array(z.string()).optional(),
    impactGames: z.array(impactGameSchema).optional(),
    overrides: pickOverridesReplySchema.optional(),
    message: z.string().nullable().optional(),
    metadata: liveMetadataSchema,
  }),
  z.object({ type: z.literal('closed'), status: z.number().int(), error: z.string(), message: z.string() }),
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

/**
 * Core NATS subjects (not captured by the event stream: losing one costs a browser a few seconds,
 * never data). picks-scoring publishes `liveBoardChanged` once per committed change of a pool
 * week's board (a game update, a state change, a calculation, an override, a void ruling, picks);
 * every process serving streams has one subscription to it and rebuilds that board once.
 */
export const LIVE_SUBJECTS = {
  boardChanged: 'live.picks.board.changed',
} as const;
export const liveBoardChangedSchema = z.object({ ...{ poolId: z.string(), year: z.number().int(), weekNumber: z.number().int() }, at: z.string() });
export type LiveBoardChanged = z.infer<typeof liveBoardChangedSchema>;

/** The 403 reply before the deadline: `{ error, status: "picks_not_available", message }`. */
export const picksNotAvailableBodySchema = z.object({ error: z.literal('picks_not_available'), status: z.literal('picks_not_available'), message: z.string() });

// ---------------------------------------------------------------------------------------------
// Events (picks.<entity>.<verb>)

const poolWeekRef = { poolId: z.string(), year: z.number().int(), weekNumber: z.number().int() };

export const picksSavedEventSchema = z.object({
  ...poolWeekRef,
  userId: z.string(),
  byUserId: z.string(),
  override: z.boolean(),
  pickCount: z.number().int(),
  savedAt: z.string(),
});
export const weekCalculatedEventSchema = z.object({
  ...poolWeekRef,
  calculatedAt: z.string(),
  usersCalculated: z.number().int(),
  errors: z.number().int(),
  reason: z.enum(['calculate', 'correction', 'void', 'override']),
});
export const standingsChangedEventSchema = z.object({ ...poolWeekRef, at: z.string() });

export const PICKS_EVENTS = {
  'picks.picks.saved': picksSavedEventSchema,
  'picks.week.calculated': weekCalculatedEventSchema,
  'picks.standings.changed': standingsChangedEventSchema,
} as const;

/**
 * rpc.picks.week.unscored-picks: before a week is completed, weeks-workflow asks picks-scoring
 * how many picks on a decided (final or void) game would have no result if the week were scored
 * now on `results` (or newer ones). Complete Week is refused unless it is 0 (game-rules.md "Points":
 * a completed week never holds a pending pick).
 */
export const unscoredPicksRequestSchema = z.object({ ...poolWeekRef, results: z.array(decidedGameSchema) });
export type UnscoredPicksRequest = z.infer<typeof unscoredPicksRequestSchema>;
export const unscoredPicksReplySchema = z.object({
  unscoredPicks: z.number().int(),
  /** Why, one line per player whose picks could not be scored. */
  reasons: z.array(z.string()),
});
export type UnscoredPicksReply = z.infer<typeof unscoredPicksReplySchema>;
