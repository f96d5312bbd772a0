import { z } from 'zod';
import { idParam, text } from './common.js';
import { gameSnapshotSchema, gameStatusSchema, seasonTypeSchema, type GameStatus } from './sports.js';
import { WEEK_STATES, weekStateSchema, type WeekState } from './week-states.js';

/**
 * Weeks workflow (weeks-workflow): seasons and weeks from the production sports data, each pool's
 * state per week, its spreads, the games it publishes and its picks deadline. The rules the spec
 * leaves open are fixed in game-rules.md; each constant is named once, here.
 */

// ---------------------------------------------------------------------------------------------
// Week numbers and labels

/** Week numbers: preseason -4..-1, regular season 1..18, postseason 19..22 (no week 0). */
export const WEEK_NUMBER_MIN = -4;
export const WEEK_NUMBER_MAX = 22;
export const REGULAR_SEASON_LAST_WEEK = 18;
/** The Testing tab's week buttons: six, from three weeks before the current one, within -3..18. */
export const TESTING_WEEK_MIN = -3;
export const TESTING_WEEK_MAX = 18;
export const TESTING_WEEK_BUTTONS = 6;
export const TESTING_WEEKS_BEFORE = 3;

export const SEASON_PARTS = ['preseason', 'regular', 'postseason'] as const;
export type SeasonPart = (typeof SEASON_PARTS)[number];
export const SEASON_PART_LABELS: Record<SeasonPart, string> = { preseason: 'Preseason', regular: 'Regular Season', postseason: 'Postseason' };

const POSTSEASON_LABELS: Record<number, string> = { 19: 'Wild Card', 20: 'Divisional', 21: 'Conference Championships', 22: 'Super Bowl' };

/** True for a week number that exists (-4..-1, 1..22). */
export const isWeekNumber = (n: number): boolean => Number.isInteger(n) && n >= WEEK_NUMBER_MIN && n <= WEEK_NUMBER_MAX && n !== 0;

/** Which part of the season a week number belongs to. */
export function seasonPartOf(weekNumber: number): SeasonPart {
  if (weekNumber < 0) return 'preseason';
  return weekNumber <= REGULAR_SEASON_LAST_WEEK ? 'regular' : 'postseason';
}

/** The ESPN season type of a week number (1 preseason, 2 regular, 3 postseason). */
export const seasonTypeOf = (weekNumber: number): 1 | 2 | 3 => ({ preseason: 1, regular: 2, postseason: 3 }) [seasonPartOf(weekNumber)] as 1 | 2 | 3;

/**
 * A week's label (admin spec): -4..-1 are "Preseason Week 1".."Preseason Week 4" (5 + n), 1..18
 * "Week n", 19 Wild Card, 20 Divisional, 21 Conference Championships, 22 Super Bowl. The only
 * one: every service (sports-data-staging's import and live feed logs included) and the SPA use it.
 */
export function weekLabel(weekNumber: number): string {
  if (weekNumber < 0) return `Preseason Week ${5 + weekNumber}`;
  return POSTSEASON_LABELS[weekNumber] ?? `Week ${weekNumber}`;
}

/** Every week number in order, optionally within [min, max]. */
export function weekNumbers(min = WEEK_NUMBER_MIN, max = WEEK_NUMBER_MAX): number[] {
  const out: number[] = [];
  for (let n = Math.max(min, WEEK_NUMBER_MIN); n <= Math.min(max, WEEK_NUMBER_MAX); n++) if (n !== 0) out.push(n);
  return out;
}

/**
 * The Testing tab's six week buttons: from three weeks before `current`, within -3..18 (a week 0
 * does not exist, so the count skips it); near either end the six buttons stay within the range.
 */
export function testingWeeks(current: number): number[] {
  const all = weekNumbers(TESTING_WEEK_MIN, TESTING_WEEK_MAX);
  const clamped = Math.min(Math.max(current, TESTING_WEEK_MIN), TESTING_WEEK_MAX);
  const at = all.findIndex((n) => n >= clamped);
  const start = Math.max(0, Math.min((at < 0 ? all.length - 1 : at) - TESTING_WEEKS_BEFORE, all.length - TESTING_WEEK_BUTTONS));
  return all.slice(start, start + TESTING_WEEK_BUTTONS);
}

/**
 * How long after its kickoff a game counts as still being played (a game takes about 3 hours 15
 * minutes; this leaves room for overtime and delays). Until then its week and season stay current.
 */
export const GAME_LENGTH_MS = 4 * 60 * 60 * 1000;

/** What the current-season rule needs to know of a season. */
export interface SeasonSpan {
  year: number;
  lastKickoffAt: Date;
}

/**
 * The current season at `now`: the oldest season with a game still being played or still to come
 * (the season under way, else the next one); when every game is over, the newest season (until a
 * newer one reaches production). Null without seasons.
 */
export function currentSeasonOf(seasons: readonly SeasonSpan[], now: Date): number | null {
  if (seasons.length === 0) return null;
  const years = [...seasons].sort((a, b) => a.year - b.year);
  const open = years.find((s) => s.lastKickoffAt.getTime() + GAME_LENGTH_MS > now.getTime());
  return (open ?? years[years.length - 1]!).year;
}

/**
 * The current week of a season at `now`: the week of the next or ongoing game (the first game, by
 * kickoff, still being played or still to come); after the last game, the week of the last game.
 * Null when the season has no games.
 */
export function currentWeekOf(kickoffs: ReadonlyArray<{ weekNumber: number; gameTimeUtc: Date }>, now: Date): number | null {
  if (kickoffs.length === 0) return null;
  const sorted = [...kickoffs].sort((a, b) => a.gameTimeUtc.getTime() - b.gameTimeUtc.getTime());
  const next = sorted.find((k) => k.gameTimeUtc.getTime() + GAME_LENGTH_MS > now.getTime());
  return (next ?? sorted[sorted.length - 1]!).weekNumber;
}

// ---------------------------------------------------------------------------------------------
// States and transitions

export { isLiveWeekState, LIVE_WEEK_STATES, WEEK_STATES, weekStateSchema, type WeekState } from './week-states.js';

/** The five steps of the tracker, with the spec's captions. */
export const WEEK_STATE_LABELS: Record<WeekState, { title: string; caption: string }> = {
  SETUP: { title: 'Setup', caption: 'Choose Games to Publish' },
  PUBLISHED: { title: 'Published', caption: 'Users Select Picks' },
  GAMES_IN_PROGRESS: { title: 'Games In Progress', caption: 'Games Being Played' },
  SCORING: { title: 'Scoring', caption: 'Calculate Player Scores' },
  COMPLETE: { title: 'Complete', caption: 'Results Final' },
};

/** The last path segment of each transition call, and the state it moves to. */
export const TRANSITIONS = {
  published: 'PUBLISHED',
  'games-in-progress': 'GAMES_IN_PROGRESS',
  scoring: 'SCORING',
  complete: 'COMPLETE',
} as const satisfies Record<string, WeekState>;
export type TransitionSlug = keyof typeof TRANSITIONS;
export const TRANSITION_SLUGS = Object.keys(TRANSITIONS) as TransitionSlug[];

/** The next state forward (null after COMPLETE). Weeks only ever move one step forward. */
export function nextWeekState(state: WeekState): WeekState | null {
  const i = WEEK_STATES.indexOf(state);
  return WEEK_STATES[i + 1] ?? null;
}

/** The transition call's slug for moving to `target`. */
export function transitionSlugOf(target: WeekState): TransitionSlug | null {
  return (Object.entries(TRANSITIONS).find(([, to]) => to === target)?.[0] as TransitionSlug | undefined) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Deadlines and spreads

/** Picks close this long before the earliest kickoff among the games a pool published for a week. */
export const PICK_DEADLINE_LEAD_MINUTES = 10;
export const PICK_DEADLINE_LEAD_MS = PICK_DEADLINE_LEAD_MINUTES * 60_000;

/** The picks deadline of a set of kickoffs (null without kickoffs). */
export function pickDeadlineOf(kickoffs: ReadonlyArray<string | Date>): Date | null {
  const times = kickoffs.map((k) => new Date(k).getTime()).filter((t) => !Number.isNaN(t));
  if (times.length === 0) return null;
  return new Date(Math.min(...times) - PICK_DEADLINE_LEAD_MS);
}

/** Spreads move in half points; a line beyond this size is a typing mistake. */
export const SPREAD_STEP = 0.5;
export const SPREAD_LIMIT = 50;

/** True when `value` is a spread we accept: a finite number in half-point steps within ±SPREAD_LIMIT. */
export const isValidSpread = (value: number): boolean => Number.isFinite(value) && Math.abs(value) <= SPREAD_LIMIT && Number.isInteger(value / SPREAD_STEP);

export const spreadSchema = z
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, 'must be a number')
  .refine((v) => Math.abs(v) <= SPREAD_LIMIT, `must be between -${SPREAD_LIMIT} and ${SPREAD_LIMIT}`)
  .refine((v) => Number.isInteger(v / SPREAD_STEP), `must be in steps of ${SPREAD_STEP}`);

export const COVER_RESULTS = ['HOME', 'AWAY', 'PUSH'] as const;
export type CoverResult = (typeof COVER_RESULTS)[number];

/**
 * Against the spread (game-rules.md): spreads are home-relative. The home team covers when
 * homeScore + spread > awayScore, the away team when it is less; equal is a push.
 */
export function coverOf(homeScore: number, awayScore: number, spread: number): CoverResult {
  const margin = homeScore + spread - awayScore;
  if (margin > 0) return 'HOME';
  if (margin < 0) return 'AWAY';
  return 'PUSH';
}

/**
 * A game is final only when the provider says so (COMPLETE, which it sends only with completed
 * true) and both scores are present; cancelled and postponed games are not final.
 */
export const isFinalGame = (game: { status: GameStatus; homeScore: number | null; awayScore: number | null }): boolean =>
  game.status === 'COMPLETE' && game.homeScore !== null && game.awayScore !== null;

// ---------------------------------------------------------------------------------------------
// Texts the spec fixes (admin spec sections 5 and 8)

export const WEEK_MESSAGES = {
  currentWeekUnknown: 'Unable to determine current week',
  noGamesSelectedTitle: 'No Games Selected',
  noGamesSelected: 'Please select at least one game to publish',
  missingSpreadsTitle: 'Missing Spreads',
  missingSpreads: (games: string[]) => `Cannot publish games without spreads: ${games.join(', ')}. Please set spreads for all selected games.`,
  cannotStartScoringTitle: 'Cannot Start Scoring',
  cannotCalculateScores: (reasons: string[]) => `Cannot calculate scores: ${reasons.join(', ')}`,
  missingFinalScores: (n: number) => `${n} game(s) missing final scores`,
  notYetComplete: (n: number) => `${n} game(s) not yet complete`,
  missingSpreadData: (n: number) => `${n} game(s) missing spread data`,
  transitioned: (state: WeekState) => `Transitioned to ${state} state`,
  /** Complete Week while picks on final or void games could not be scored (game-rules.md "Points"). */
  cannotCompleteWeek: (picks: number, reasons: string[]) =>
    `Cannot complete week: ${picks} pick(s) on final or void games have no result${reasons.length ? ` (${reasons.join('; ')})` : ''}. Correct them with the emergency pick entry, then try again.`,
  invalidSpreadTitle: 'Invalid Spread',
  invalidSpread: 'Please enter a valid number for the spread',
} as const;

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
export const weekNumberSchema = z.coerce.number({ error: WEEK_NUMBER_PROBLEMS.type }).int(WEEK_NUMBER_PROBLEMS.whole).refine(isWeekNumber, WEEK_NUMBER_PROBLEMS.range);

/**
 * A week number in a JSON body: a JSON number, the string "16" is refused (bodies keep JSON's
 * types; libs/contracts/src/strict-body-types.test.ts checks every body).
 */
export const weekNumberBodySchema = z.number({ error: WEEK_NUMBER_PROBLEMS.type }).int(WEEK_NUMBER_PROBLEMS.whole).refine(isWeekNumber, WEEK_NUMBER_PROBLEMS.range);

const poolId = z.uuid({ error: 'must be a pool id' });

export const weekParamsSchema = z.object({ weekNumber: weekNumberSchema });
export const poolWeekParamsSchema = z.object({ poolId, weekNumber: weekNumberSchema });
export const poolGameParamsSchema = z.object({ poolId, gameId: idParam });
export const poolWeekGameParamsSchema = z.object({ poolId, weekNumber: weekNumberSchema, gameId: idParam });
export const transitionParamsSchema = z.object({ poolId, weekNumber: weekNumberSchema, target: z.enum(TRANSITION_SLUGS as [TransitionSlug, ...TransitionSlug[]]) });

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
export type UpdateSpreadBody = z.input<typeof updateSpreadBodySchema>;

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
});
export type PublishedGame = z.infer<typeof publishedGameSchema>;
export const publishedGamesReplySchema = z.array(publishedGameSchema);

/** POST /api/pools/{poolId}/weeks/{weekNumber}/games/publish */
export const publishBodySchema = z.object({ gameIds: z.array(idParam, { error: 'must be a list of game ids' }).max(40, 'at most 40 games') }).strict();
export type PublishBody = z.input<typeof publishBodySchema>;

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
export type TransitionBody = z.input<typeof transitionBodySchema>;

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
export type VoidGameBody = z.input<typeof voidGameBodySchema>;

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

// ---------------------------------------------------------------------------------------------
// Events (weeks.<entity>.<verb>) and requests

const weekRef = { poolId: z.string(), year: z.number().int(), weekNumber: z.number().int() };

/** weeks.week.published: the pool's games of the week with their locked spreads, and the deadline. */
export const weekPublishedEventSchema = z.object({
  ...weekRef,
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
});
/**
 * One pool game as a week's move to SCORING or COMPLETE was decided on: the game's snapshot in
 * weeks-workflow's copy (versioned by `updatedAt`) and the pool's void ruling. picks-scoring
 * applies these (newest snapshot wins) in the same transaction as the state change, so it never
 * scores a week on results older than those the move was allowed on (game-rules.md "Points").
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
  ...weekRef,
  fromState: weekStateSchema,
  toState: weekStateSchema,
  testing: z.boolean(),
  automatic: z.boolean(),
  byUserId: z.string().nullable(),
  at: z.string(),
  /**
   * To SCORING and COMPLETE: every pool game of the week as the move was decided on. Absent on
   * the other moves (and on events written before it existed).
   */
  results: z.array(decidedGameSchema).optional(),
});
export type WeekStateChangedEvent = z.infer<typeof weekStateChangedEventSchema>;
/** weeks.game.voided: a pool game counts as a push for every pick from now on. */
export const gameVoidedEventSchema = z.object({
  ...weekRef,
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
export const weekGetRequestSchema = z.object(weekRef);
export const weekGetReplySchema = z.object({
  published: weekPublishedEventSchema.nullable(),
  /** The latest change of state after publishing (null while PUBLISHED or SETUP). */
  latest: weekStateChangedEventSchema.nullable(),
});
export type WeekGetReply = z.infer<typeof weekGetReplySchema>;
export type PoolsSummaryReply = z.infer<typeof poolsSummaryReplySchema>;
