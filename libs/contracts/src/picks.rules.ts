import type { GameStatus } from './sports.schemas.js';
import type { CoverResult } from './weeks.rules.js';

/**
 * The picks and scoring rules (picks-scoring applies them; the SPA shows them): confidence ranks,
 * the power pick's multipliers, a pick's result against the spread and its points. Each constant
 * is named once, here.
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

/**
 * A game the provider reports as being played or final takes no new pick, whatever its kickoff
 * time or the week's deadline says (docs/game.md#started-games): a kickoff moved after the fact,
 * or a replay whose dates were shifted, must never let a player pick a result already known.
 */
export const gameHasStarted = (status: GameStatus): boolean => status === 'IN_PROGRESS' || status === 'COMPLETE';

/** Impact games: the top 3 games still to be decided. */
export const IMPACT_GAMES_TOP = 3;
export const OVERRIDE_REASON_MAX_LENGTH = 500;

/** How a power pick affects the week (the breakdown's x2, x0, push, none, pending). */
export const POWER_EFFECTS = ['x2', 'x0', 'push', 'none', 'pending'] as const;
export type PowerEffect = (typeof POWER_EFFECTS)[number];

/** Who sees a live leaderboard's picks (docs/game.md#who-sees-what). */
export const ACCESS_LEVELS = ['FULL_ACCESS', 'COMMISSIONER_ACCESS', 'PUBLIC_ACCESS'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A pick's state: won, lost, push (void games included), or pending (not final yet). */
export const PICK_RESULTS = ['WIN', 'LOSS', 'PUSH', 'PENDING'] as const;
export type PickResult = (typeof PICK_RESULTS)[number];

/** A decided pick's result: won, lost or push. */
export type DecidedPickResult = Exclude<PickResult, 'PENDING'>;

/**
 * A pick against the spread on a score (docs/game.md#against-the-spread): it wins when its team's side
 * covers, loses when the other side covers, and is a push when neither does (coverOf).
 */
export const resultAgainstSpreadOf = (cover: CoverResult, side: 'HOME' | 'AWAY'): DecidedPickResult =>
  cover === 'PUSH' ? 'PUSH' : cover === side ? 'WIN' : 'LOSS';

/**
 * A pending pick on a game being played, shown with how its team stands right now
 * (docs/game.md#live-standings): covering, push (exactly on the spread) or not covering.
 */
export const COVERING_STATES = ['COVERING', 'PUSH', 'NOT_COVERING'] as const;
export type Covering = (typeof COVERING_STATES)[number];

/** The covering state of the result the pick would have if the game ended on the score right now. */
export const coveringOf = (result: DecidedPickResult): Covering => (result === 'WIN' ? 'COVERING' : result === 'LOSS' ? 'NOT_COVERING' : 'PUSH');

/**
 * How the pool picked one game of the live board (docs/game.md#pick-consensus), compact on the
 * wire: [home picks, away picks, home points, away points, home power picks, away power picks].
 * Picks are the confidence picks (ranks 3/2/1), points the sum of their ranks; power picks apart.
 * Read it with consensusSidesOf.
 */
export type GameConsensus = [number, number, number, number, number, number];

/** One side of a game's consensus. */
export interface ConsensusSide {
  /** The picks of this side's team, confidence and power picks alike. */
  picks: number;
  /** Their share of the game's picks, in whole percent (0 when nobody picked the game). */
  percent: number;
  /** Of `picks`, the power picks. */
  powerPicks: number;
  /** Confidence points placed on this side (the ranks of its confidence picks; a power pick places none). */
  points: number;
}

/**
 * A game's consensus read side by side (docs/game.md#pick-consensus). A side's share counts every
 * pick of its team, confidence or power (a player picks a game once at most, so it is the share of
 * the players who picked the game); the two percentages add up to 100, or are both 0 when nobody
 * picked the game (`picks` 0: the game says so rather than showing 0% on both sides).
 */
export function consensusSidesOf(consensus: GameConsensus): { picks: number; home: ConsensusSide; away: ConsensusSide } {
  const [homeConfidence, awayConfidence, homePoints, awayPoints, homePower, awayPower] = consensus;
  const homePicks = homeConfidence + homePower;
  const awayPicks = awayConfidence + awayPower;
  const picks = homePicks + awayPicks;
  const homePercent = picks === 0 ? 0 : Math.round((homePicks * 100) / picks);
  return {
    picks,
    home: { picks: homePicks, percent: homePercent, powerPicks: homePower, points: homePoints },
    away: { picks: awayPicks, percent: picks === 0 ? 0 : 100 - homePercent, powerPicks: awayPower, points: awayPoints },
  };
}

/** A confidence pick earns its rank when it wins; a loss, a push or a pending pick earns 0 (docs/game.md#points). */
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

/**
 * The weekly tiebreaker's prediction (docs/game.md#weekly-winners): a whole number of total points
 * of the tiebreaker game, from 0 to 200.
 */
export const TIEBREAKER_MIN = 0;
export const TIEBREAKER_MAX = 200;
export const isValidTiebreaker = (value: number): boolean => Number.isInteger(value) && value >= TIEBREAKER_MIN && value <= TIEBREAKER_MAX;
