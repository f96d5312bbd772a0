import { z } from 'zod';
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
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** A pick's state: won, lost, push (void games included), or pending (not final yet). */
export const PICK_RESULTS = ['WIN', 'LOSS', 'PUSH', 'PENDING'] as const;
export const pickResultSchema = z.enum(PICK_RESULTS);
export type PickResult = z.infer<typeof pickResultSchema>;

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
export const coveringSchema = z.enum(COVERING_STATES);
export type Covering = z.infer<typeof coveringSchema>;

/** The covering state of the result the pick would have if the game ended on the score right now. */
export const coveringOf = (result: DecidedPickResult): Covering => (result === 'WIN' ? 'COVERING' : result === 'LOSS' ? 'NOT_COVERING' : 'PUSH');

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
