import { IMPACT_GAMES_TOP, isFinalGame, type ImpactGame } from '@powerpool/contracts';
import { isVoidGame } from '../scored-game.js';
import { impactOf } from '../scoring.js';
import { byName, type WeekBoard } from './standings.js';

/**
 * The games still to be decided (not final, not void) with the picks on them: counts per rank and
 * power, the points at stake (impactOf with each player's best raw points), the players by season
 * rank. The top IMPACT_GAMES_TOP by points at stake, ties by kickoff; games nobody picked are left
 * out, and so are players whose week cannot be scored (nothing of theirs is at stake).
 */
export function impactGamesOf(board: Pick<WeekBoard, 'games' | 'players'>): ImpactGame[] {
  const open = board.games.filter((g) => !isVoidGame(g.game, g.poolGame) && !isFinalGame(g.game));
  const impact = open.map(({ game, home, away }) => {
    const details = { threePtPicks: 0, twoPtPicks: 0, onePtPicks: 0, powerPicks: 0 };
    let totalImpactPoints = 0;
    const players: ImpactGame['pickDetails']['players'] = [];
    for (const player of board.players) {
      if (player.error !== null) continue;
      const bestRaw =
        player.outcome.rawPoints +
        player.outcome.picks.filter((o) => !o.pick.isPowerPick && o.result === 'PENDING').reduce((sum, o) => sum + o.pick.confidenceRank, 0);
      for (const o of player.outcome.picks) {
        const pick = o.pick;
        if (pick.gameId !== game.espnId || o.result !== 'PENDING') continue;
        if (pick.isPowerPick) details.powerPicks += 1;
        else if (pick.confidenceRank === 3) details.threePtPicks += 1;
        else if (pick.confidenceRank === 2) details.twoPtPicks += 1;
        else details.onePtPicks += 1;
        totalImpactPoints += impactOf(pick, bestRaw);
        players.push({
          userId: player.userId,
          displayName: player.displayName,
          seasonPoints: player.seasonPoints,
          seasonRank: player.seasonRank,
          selectedTeamAbbr: o.pick.teamAbbr,
          isPowerPick: pick.isPowerPick,
          confidenceRank: pick.confidenceRank,
        });
      }
    }
    players.sort((a, b) => a.seasonRank - b.seasonRank || byName(a, b));
    return {
      gameId: game.espnId,
      gameTime: game.gameTimeUtc.toISOString(),
      homeTeamAbbr: home?.abbreviation ?? game.homeTeamAbbr,
      awayTeamAbbr: away?.abbreviation ?? game.awayTeamAbbr,
      status: game.status,
      totalImpactPoints,
      pickDetails: { ...details, players },
    } satisfies ImpactGame;
  });
  return impact
    .filter((g) => g.pickDetails.players.length > 0)
    .sort((a, b) => b.totalImpactPoints - a.totalImpactPoints || a.gameTime.localeCompare(b.gameTime) || a.gameId.localeCompare(b.gameId))
    .slice(0, IMPACT_GAMES_TOP);
}
