import type { WeeklyTiebreaker } from './pools.rules.js';
import type { GameStatus } from './sports.schemas.js';
import { WEEK_STATES, type WeekState } from './week-states.js';

/**
 * The weeks rules (weeks-workflow applies them; the other services and the SPA read them): week
 * numbers and labels, the states and their transitions, the picks deadline, spreads and covering.
 * The rules are described in docs/week.md and docs/game.md; each constant is named once, here.
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
export const seasonTypeOf = (weekNumber: number): 1 | 2 | 3 => ({ preseason: 1, regular: 2, postseason: 3 })[seasonPartOf(weekNumber)] as 1 | 2 | 3;

/**
 * A week's label (docs/week.md#week-numbers): -4..-1 are "Preseason Week 1".."Preseason Week 4" (5 + n), 1..18
 * "Week n", 19 Wild Card, 20 Divisional, 21 Conference Championships, 22 Super Bowl: a week's
 * `displayName` in the API, and sports-data-staging's import and live feed logs. What people read
 * names a week by `weekTitle` below, which is built on it.
 */
export function weekLabel(weekNumber: number): string {
  if (weekNumber < 0) return `Preseason Week ${5 + weekNumber}`;
  return POSTSEASON_LABELS[weekNumber] ?? `Week ${weekNumber}`;
}

/**
 * How every screen names a week (docs/week.md#week-numbers): a postseason round's name beside its
 * number, "Wild Card (Week 19)" .. "Super Bowl (Week 22)", because the texts the product fixes
 * ("Picks for Week 19 have been saved", "Live Leaderboard - Week 19") name it by number; else the
 * week's label, "Week 5", "Preseason Week 1". Every text a person reads outside those fixed texts
 * uses it (the SPA's screens, the services' messages, the notifications); `weekLabel` stays the
 * week's `displayName` in the API.
 */
export function weekTitle(weekNumber: number): string {
  const round = POSTSEASON_LABELS[weekNumber];
  return round ? `${round} (Week ${weekNumber})` : weekLabel(weekNumber);
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

/**
 * The tiebreaker game a week fixes when it is published (docs/game.md#weekly-winners): with the
 * pool's tiebreaker `last_game_total`, the last of the published games by kickoff (two kicking off
 * together: the larger game id, so the choice never depends on the order they were sent in); with
 * `none`, or without games, none.
 */
export function tiebreakerGameIdOf(games: ReadonlyArray<{ gameId: string; gameTimeUtc: string | Date }>, tiebreaker: WeeklyTiebreaker): string | null {
  if (tiebreaker === 'none') return null;
  let last: { gameId: string; time: number } | null = null;
  for (const g of games) {
    const time = new Date(g.gameTimeUtc).getTime();
    if (!last || time > last.time || (time === last.time && g.gameId > last.gameId)) last = { gameId: g.gameId, time };
  }
  return last?.gameId ?? null;
}

/** What the tiebreaker's total needs of the tiebreaker game. */
export interface TiebreakerGame {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  isVoid: boolean;
}

/**
 * The total points of the tiebreaker game (docs/game.md#weekly-winners), or null while it cannot
 * decide: not final yet, or void (cancelled, or postponed and ruled void): then a tie for the
 * highest score stays shared. The winners are decided on it (picks-scoring's weekWinnersOf) and
 * the live board shows it beside the predictions.
 */
export function tiebreakerTotalOf(game: TiebreakerGame | null | undefined): number | null {
  if (!game || game.isVoid || !isFinalGame(game)) return null;
  return game.homeScore! + game.awayScore!;
}

/** Spreads move in half points; a line beyond this size is a typing mistake. */
export const SPREAD_STEP = 0.5;
export const SPREAD_LIMIT = 50;

/** True when `value` is a spread we accept: a finite number in half-point steps within ±SPREAD_LIMIT. */
export const isValidSpread = (value: number): boolean => Number.isFinite(value) && Math.abs(value) <= SPREAD_LIMIT && Number.isInteger(value / SPREAD_STEP);

export const COVER_RESULTS = ['HOME', 'AWAY', 'PUSH'] as const;
export type CoverResult = (typeof COVER_RESULTS)[number];

/**
 * Against the spread (docs/game.md#against-the-spread): spreads are home-relative. The home team covers when
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
