import type { PoolSpread, WeekGame } from '@powerpool/contracts';

/** A game of the week with the pool's spreads of it. */
export interface SetupRow extends WeekGame {
  spread: number | null;
  lockedSpread: number | null;
}

/** The week's games merged with the pool's spreads (the provider line from the game, else from the spread row). */
export function mergeSpreads(games: readonly WeekGame[], spreads: readonly PoolSpread[]): SetupRow[] {
  const byGame = new Map(spreads.map((s) => [s.gameId, s]));
  return games.map((game) => {
    const pool = byGame.get(game.id);
    return { ...game, spread: pool?.spread ?? null, lockedSpread: pool?.lockedSpread ?? null, espnSpread: game.espnSpread ?? pool?.espnSpread ?? null };
  });
}
