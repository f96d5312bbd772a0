import type { GameConsensus } from '@powerpool/contracts';
import type { WeekBoard } from './standings.js';

/**
 * Pick consensus (docs/game.md#pick-consensus): how the pool picked each game of the board, in one
 * pass over the picks the board already holds. Per game, per side (home, away): the confidence
 * picks (ranks 3/2/1), the confidence points placed (the sum of those ranks) and the power picks;
 * consensusSidesOf reads them as the board shows them (a side's share counts its power picks too).
 * Every active member's picks count, a week that cannot be scored too (what was picked, not what
 * it scores). A pick on a game not on the board (a commissioner's power pick on an unpublished
 * game) or on neither team is left out. Every game of the board has an entry, zeros when nobody
 * picked it. Who sees it is who sees the picks (access.ts liveWeekAccessOf): it travels only on
 * the live board.
 */
export function consensusOf(board: Pick<WeekBoard, 'games' | 'players'>): Record<string, GameConsensus> {
  const consensus: Record<string, GameConsensus> = {};
  const sides = new Map<string, { home: string; away: string; tally: GameConsensus }>();
  for (const { game, poolGame } of board.games) {
    const tally: GameConsensus = [0, 0, 0, 0, 0, 0];
    consensus[game.espnId] = tally;
    sides.set(game.espnId, { home: poolGame.homeTeamEspnId, away: poolGame.awayTeamEspnId, tally });
  }
  for (const player of board.players) {
    for (const pick of player.picks) {
      const game = sides.get(pick.gameId);
      if (!game) continue;
      const side = pick.selectedTeamEspnId === game.home ? 0 : pick.selectedTeamEspnId === game.away ? 1 : null;
      if (side === null) continue;
      const { tally } = game;
      if (pick.isPowerPick) tally[4 + side] = tally[4 + side]! + 1;
      else {
        tally[side] = tally[side] + 1;
        tally[2 + side] = tally[2 + side]! + pick.confidenceRank;
      }
    }
  }
  return consensus;
}
