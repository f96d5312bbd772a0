import { isFinalGame, type GameStatus } from '@powerpool/contracts';

/**
 * The week's winners (docs/game.md#weekly-winners), named once: the board, the scoring review and
 * the exports decide through `weekWinnersOf`.
 */

/** What the winner rule needs of a player's week. */
export interface WinnerCandidate {
  userId: string;
  finalPoints: number;
  /** The player's predicted total of the tiebreaker game, or null when they entered none. */
  tiebreaker: number | null;
}

/** What the rule needs of the tiebreaker game. */
export interface TiebreakerGame {
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  isVoid: boolean;
}

/**
 * The total points of the tiebreaker game, or null while it cannot decide: not final yet, or void
 * (cancelled, or postponed and ruled void): then a tie for the highest score stays shared.
 */
export function tiebreakerTotalOf(game: TiebreakerGame | null): number | null {
  if (!game || game.isVoid || !isFinalGame(game)) return null;
  return game.homeScore! + game.awayScore!;
}

/**
 * The week's winners, in the input's order: the highest final score wins; among equals, the
 * prediction closest to the tiebreaker game's total (over and under by the same distance tie); a
 * player without a prediction loses the tie to one with one; still equal, the win is shared. With
 * no total (no tiebreaker in the pool, or the game void or not final) every highest score shares it.
 * `candidates` are the players who made picks that week; none, no winner.
 */
export function weekWinnersOf(candidates: readonly WinnerCandidate[], tiebreakerTotal: number | null): string[] {
  if (candidates.length === 0) return [];
  const best = Math.max(...candidates.map((c) => c.finalPoints));
  const top = candidates.filter((c) => c.finalPoints === best);
  if (tiebreakerTotal === null || top.length === 1) return top.map((c) => c.userId);
  const distanceOf = (c: WinnerCandidate): number => (c.tiebreaker === null ? Number.POSITIVE_INFINITY : Math.abs(c.tiebreaker - tiebreakerTotal));
  const closest = Math.min(...top.map(distanceOf));
  return top.filter((c) => distanceOf(c) === closest).map((c) => c.userId);
}
