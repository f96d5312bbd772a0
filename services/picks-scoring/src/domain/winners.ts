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
