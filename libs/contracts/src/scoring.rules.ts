import {
  confidencePointsOf,
  coveringOf,
  powerEffectOf,
  POWER_WIN_MULTIPLIER,
  resultAgainstSpreadOf,
  type Covering,
  type DecidedPickResult,
  type PickResult,
  type PowerEffect,
} from './picks.rules.js';
import type { GameStatus } from './sports.schemas.js';
import { coverOf, isFinalGame } from './weeks.rules.js';

/**
 * The scoring rules of docs/game.md, each named once. Pure functions: the calculation, the live
 * board, the season standings and the exports all score through them.
 */

/** What scoring needs of a game a pick is on. */
export interface ScoredGame {
  homeTeamEspnId: string;
  awayTeamEspnId: string;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  /** The pool's locked spread (home-relative); for a game the pool did not publish, UNPUBLISHED_GAME_SPREAD (scored-game.ts). */
  lockedSpread: number;
  /** Cancelled, or postponed and ruled void: every pick on it is a push. */
  isVoid: boolean;
}

/** What scoring needs of a pick. */
export interface ScoredPick {
  selectedTeamEspnId: string;
  /** 3, 2 or 1; 0 for the power pick. */
  confidenceRank: number;
  isPowerPick: boolean;
}

/** A player's week cannot be scored (reported per player, never failing the whole week). */
export class ScoringError extends Error {}

/** Which side the selected team is on, or a ScoringError when it does not play in the game. */
function sideOf(pick: ScoredPick, game: ScoredGame): 'HOME' | 'AWAY' {
  if (pick.selectedTeamEspnId === game.homeTeamEspnId) return 'HOME';
  if (pick.selectedTeamEspnId === game.awayTeamEspnId) return 'AWAY';
  throw new ScoringError(`Team ${pick.selectedTeamEspnId} does not play in this game`);
}

/** The pick against the locked spread on the game's scores as they stand (both present). */
const againstTheSpread = (pick: ScoredPick, game: ScoredGame): DecidedPickResult =>
  resultAgainstSpreadOf(coverOf(game.homeScore!, game.awayScore!, game.lockedSpread), sideOf(pick, game));

/**
 * A pick's result against the spread: void games are a push; a game not final (docs/game.md#final-games:
 * the provider says final, with both scores) is pending; else the selected team wins when it
 * covers, loses when the other team covers, and pushes when neither does.
 */
export function pickResultOf(pick: ScoredPick, game: ScoredGame): PickResult {
  sideOf(pick, game); // a team that does not play in the game is an error, even on a void or pending game
  if (game.isVoid) return 'PUSH';
  if (!isFinalGame(game)) return 'PENDING';
  return againstTheSpread(pick, game);
}

/**
 * While a game is being played (with scores): how the selected team stands against the locked
 * spread right now, by the same comparison as a final result (docs/game.md#live-standings:
 * covering, push or not covering). Null when the game is not being played.
 */
export function coveringNow(pick: ScoredPick, game: ScoredGame): Covering | null {
  if (game.status !== 'IN_PROGRESS' || game.isVoid || game.homeScore === null || game.awayScore === null) return null;
  return coveringOf(againstTheSpread(pick, game));
}

/** One pick of a scored week. */
export interface PickOutcome<P extends ScoredPick = ScoredPick> {
  pick: P;
  result: PickResult;
  /** Confidence picks: points earned (null pending); the power pick: the bonus (null pending). */
  pointsEarned: number | null;
  /** Covering, push or not covering right now (games being played only). */
  covering: Covering | null;
}

/** A player's scored week. */
export interface WeekOutcome<P extends ScoredPick = ScoredPick> {
  picks: PickOutcome<P>[];
  rawPoints: number;
  multiplier: number;
  powerEffect: PowerEffect;
  powerPickCorrect: boolean | null;
  /** Raw points x the power multiplier. */
  finalPoints: number;
  /** Final - raw (negative when the power pick lost). */
  powerBonus: number;
  /** The most the final score can still grow: every pending pick winning. */
  possiblePointsRemaining: number;
  hasPicks: boolean;
}

/**
 * Score a player's week (docs/game.md#points). A week with picks must hold exactly one pick of
 * each rank 3, 2, 1 on different games (plus at most one power pick); anything else, a pick on a
 * game we do not know or a team that does not play in its game is a ScoringError for this player.
 */
export function scoreWeek<P extends ScoredPick>(picks: readonly P[], gameOf: (pick: P) => ScoredGame | undefined): WeekOutcome<P> {
  if (picks.length === 0) {
    return {
      picks: [],
      rawPoints: 0,
      multiplier: 1,
      powerEffect: 'none',
      powerPickCorrect: null,
      finalPoints: 0,
      powerBonus: 0,
      possiblePointsRemaining: 0,
      hasPicks: false,
    };
  }
  const confidence = picks.filter((p) => !p.isPowerPick);
  const powers = picks.filter((p) => p.isPowerPick);
  const ranks = confidence.map((p) => p.confidenceRank).sort();
  if (ranks.join(',') !== '1,2,3') throw new ScoringError(`Expected one pick of each rank 3, 2 and 1, found ranks ${ranks.join(', ') || 'none'}`);
  if (powers.length > 1) throw new ScoringError(`Expected at most one power pick, found ${powers.length}`);

  const scored = picks.map((pick) => {
    const game = gameOf(pick);
    if (!game) throw new ScoringError('A picked game is missing from the sports data');
    return { pick, result: pickResultOf(pick, game), covering: coveringNow(pick, game) };
  });

  let rawPoints = 0;
  let pendingRanks = 0;
  for (const s of scored) {
    if (s.pick.isPowerPick) continue;
    rawPoints += confidencePointsOf(s.pick.confidenceRank, s.result);
    if (s.result === 'PENDING') pendingRanks += s.pick.confidenceRank;
  }
  const power = scored.find((s) => s.pick.isPowerPick);
  const { effect, multiplier } = powerEffectOf(power?.result ?? null);
  const finalPoints = rawPoints * multiplier;
  const powerBonus = finalPoints - rawPoints;

  const bestRaw = rawPoints + pendingRanks;
  const bestMultiplier = effect === 'pending' ? POWER_WIN_MULTIPLIER : multiplier;
  const possiblePointsRemaining = Math.max(0, bestRaw * bestMultiplier - finalPoints);

  return {
    picks: scored.map((s) => ({
      pick: s.pick,
      result: s.result,
      covering: s.covering,
      pointsEarned: s.result === 'PENDING' ? null : s.pick.isPowerPick ? powerBonus : confidencePointsOf(s.pick.confidenceRank, s.result),
    })),
    rawPoints,
    multiplier,
    powerEffect: effect,
    powerPickCorrect: power ? isCorrectOf(power.result) : null,
    finalPoints,
    powerBonus,
    possiblePointsRemaining,
    hasPicks: true,
  };
}

/** True won, false lost, null pending or push (a pick's isCorrect). */
export const isCorrectOf = (result: PickResult): boolean | null => (result === 'WIN' ? true : result === 'LOSS' ? false : null);

/** A week that cannot be scored: every pick pending, zeros (the power effect as stored, else pending with a power pick). */
export function unscoredOutcome<P extends ScoredPick>(picks: readonly P[], powerEffect?: PowerEffect): WeekOutcome<P> {
  const hasPower = picks.some((p) => p.isPowerPick);
  return {
    picks: picks.map((p) => ({ pick: p, result: 'PENDING', pointsEarned: null, covering: null })),
    rawPoints: 0,
    multiplier: 1,
    powerEffect: powerEffect ?? (hasPower ? 'pending' : 'none'),
    powerPickCorrect: null,
    finalPoints: 0,
    powerBonus: 0,
    possiblePointsRemaining: 0,
    hasPicks: picks.length > 0,
  };
}

/** The points a pick puts at stake on its game: its rank, or for the power pick the player's best raw points. */
export function impactOf(pick: ScoredPick, bestRawPoints: number): number {
  return pick.isPowerPick ? bestRawPoints : pick.confidenceRank;
}

/** A player's season over the completed weeks (docs/game.md#season-standings). */
export interface SeasonTotals {
  totalPoints: number;
  weeksPlayed: number;
  averagePoints: number;
  bestWeek: number;
}

/**
 * Total = the sum of the final scores; weeks played = the weeks with picks; average = total /
 * weeks played, rounded to an integer (0 with none); best week = the highest final score (0 with none).
 */
export function seasonTotalsOf(weeks: ReadonlyArray<{ finalPoints: number; hasPicks: boolean }>): SeasonTotals {
  const totalPoints = weeks.reduce((sum, w) => sum + w.finalPoints, 0);
  const weeksPlayed = weeks.filter((w) => w.hasPicks).length;
  const bestFinal = weeks.reduce<number | null>((best, w) => (best === null || w.finalPoints > best ? w.finalPoints : best), null);
  return seasonTotalsFromAggregate({ totalPoints, weeksPlayed, bestFinal });
}

/**
 * The same rule from what the database aggregates over the completed weeks (the season standings
 * of a big pool): the sum of the final scores, the count of weeks with picks, the highest final
 * score (null when there is no week).
 */
export function seasonTotalsFromAggregate(aggregate: { totalPoints: number; weeksPlayed: number; bestFinal: number | null }): SeasonTotals {
  const { totalPoints, weeksPlayed, bestFinal } = aggregate;
  return {
    totalPoints,
    weeksPlayed,
    averagePoints: weeksPlayed === 0 ? 0 : Math.round(totalPoints / weeksPlayed),
    bestWeek: Math.max(0, bestFinal ?? 0),
  };
}

/** One collator for every name comparison (building one per comparison is slow). */
const names = new Intl.Collator('en', { sensitivity: 'base' });

/** A plain name character folded to the order the collator gives it (space < digits < letters, case ignored), or -1. */
function plainFold(code: number): number {
  if (code >= 97 && code <= 122) return code; // a-z
  if (code >= 65 && code <= 90) return code + 32; // A-Z as a-z
  if ((code >= 48 && code <= 57) || code === 32) return code; // 0-9, space
  return -1;
}

/**
 * Two names in the order of the product (docs/game.md#ties): case- and accent-insensitive,
 * as `Intl.Collator('en', { sensitivity: 'base' })` orders them. Names of only ASCII letters, digits
 * and spaces (nearly all) compare in one pass without the collator, which gives them the same order
 * (the names test checks it); any other name goes to the collator. A board of 1,000 players ranks
 * on every score, in the browser too, so this is on a phone's path.
 */
export function compareNames(a: string, b: string): number {
  for (let i = 0; i < a.length; i++) if (plainFold(a.charCodeAt(i)) < 0) return names.compare(a, b);
  for (let i = 0; i < b.length; i++) if (plainFold(b.charCodeAt(i)) < 0) return names.compare(a, b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = plainFold(a.charCodeAt(i)) - plainFold(b.charCodeAt(i));
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

/** Players by name (compareNames), then by userId. */
export const byName = (a: { displayName: string; userId: string }, b: { displayName: string; userId: string }): number =>
  compareNames(a.displayName, b.displayName) || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** What ranking needs of a player's week. */
export interface RankedWeekInput {
  userId: string;
  displayName: string;
  weekPoints: number;
  seasonPoints: number;
}

/**
 * A board's players ranked (docs/game.md#live-standings): shared ranks by week points and by
 * season points, ordered by rank, then season points, then name. The server's board and a board
 * moved by a `games` frame order through this one function.
 */
export function rankedWeeks<T extends RankedWeekInput>(weeks: readonly T[]): Array<T & { rank: number; seasonRank: number }> {
  const ranks = sharedRanks(weeks.map((w) => w.weekPoints));
  const seasonRanks = sharedRanks(weeks.map((w) => w.seasonPoints));
  const ranked = weeks.map((w, i) => ({ ...w, rank: ranks[i]!, seasonRank: seasonRanks[i]! }));
  ranked.sort((a, b) => a.rank - b.rank || b.seasonPoints - a.seasonPoints || byName(a, b));
  return ranked;
}

/** Competition ranking (1, 2, 2, 4) by `points` descending; returns each item's rank, in the input's order. */
export function sharedRanks(points: readonly number[]): number[] {
  const sorted = [...points].sort((a, b) => b - a);
  const firstIndex = new Map<number, number>();
  sorted.forEach((p, i) => {
    if (!firstIndex.has(p)) firstIndex.set(p, i);
  });
  return points.map((p) => firstIndex.get(p)! + 1);
}
