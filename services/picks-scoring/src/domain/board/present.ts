import {
  coverOf,
  isFinalGame,
  weekLabel,
  type AccessLevel,
  type LiveGame,
  type LiveLeaderboard,
  type LivePick,
  type LiveStanding,
  type PickOverride,
} from '@powerpool/contracts';
import type { LiveGameRow } from '../../store/live.store.js';
import type { PoolWeekRow } from '../../store/schema.js';
import { deadlinePassed } from '../access.js';
import { isCorrectOf } from '../present-picks.js';
import { isVoidGame } from '../scored-game.js';
import { consensusOf } from './consensus.js';
import { impactGamesOf } from './impact-games.js';
import type { PlayerWeek, WeekBoard, WeekTiebreak } from './standings.js';

/** A player's line of the live leaderboard; with the week's tiebreaker (docs/game.md#weekly-winners), their prediction and whether they won the week. */
export function presentStanding(player: PlayerWeek, tiebreak: WeekTiebreak | null = null): LiveStanding {
  const { outcome } = player;
  return {
    ...(tiebreak ? { tiebreaker: tiebreak.predictions.get(player.userId) ?? null, isWeekWinner: tiebreak.winners.has(player.userId) } : {}),
    userId: player.userId,
    displayName: player.displayName,
    rank: player.rank,
    weekPoints: player.weekPoints,
    seasonPoints: player.seasonPoints,
    rawPoints: outcome.rawPoints,
    powerBonus: outcome.powerBonus,
    powerEffect: outcome.powerEffect,
    possiblePointsRemaining: outcome.possiblePointsRemaining,
    hasPicks: outcome.hasPicks,
    picks: outcome.picks.map((o): LivePick => ({
      gameId: o.pick.gameId,
      selectedTeamEspnId: o.pick.selectedTeamEspnId,
      selectedTeamAbbr: o.pick.teamAbbr,
      selectedTeamLogo: o.pick.teamLogo,
      confidenceRank: o.pick.confidenceRank,
      isPowerPick: o.pick.isPowerPick,
      isCorrect: isCorrectOf(o.result),
      result: o.result,
      pointsEarned: o.pointsEarned,
      covering: o.covering,
    })),
  };
}

/** A published game of the live leaderboard, with its score, status and (final, not void) cover. */
export function presentGame({ poolGame, game, venue, home, away }: LiveGameRow): LiveGame {
  const isVoid = isVoidGame(game, poolGame);
  return {
    gameId: game.espnId,
    poolGameId: poolGame.id,
    gameTime: game.gameTimeUtc.toISOString(),
    homeTeam: home?.name ?? game.homeTeamShortName,
    awayTeam: away?.name ?? game.awayTeamShortName,
    homeTeamAbbr: home?.abbreviation ?? game.homeTeamAbbr,
    awayTeamAbbr: away?.abbreviation ?? game.awayTeamAbbr,
    homeTeamLogo: home?.logoUrl ?? null,
    awayTeamLogo: away?.logoUrl ?? null,
    status: game.status,
    quarter: game.currentPeriod,
    clock: game.gameClock,
    statusDetail: game.statusDetail,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
    spread: poolGame.lockedSpread,
    isVoid,
    cover: !isVoid && isFinalGame(game) ? coverOf(game.homeScore!, game.awayScore!, poolGame.lockedSpread) : null,
    venue: venue
      ? { name: venue.fullName, city: venue.city, state: venue.state, exteriorImageUrl: venue.exteriorImageUrl, interiorImageUrl: venue.interiorImageUrl }
      : null,
  };
}

/** What the live leaderboard shows besides the board itself. */
export interface LiveBoardView {
  /** The caller's access (shown in the metadata). */
  access: AccessLevel;
  /** The overrides the caller may see (none for a public pool's visitors). */
  overrides: PickOverride[];
  /** The pool's published weeks (the week picker); weeks of other seasons are left out. */
  poolWeeks: readonly PoolWeekRow[];
  /** The server's clock: whether picks are available, and `generatedAt`. */
  now: Date;
}

/** The live leaderboard of a board, as the API sends it. */
export function presentLiveBoard(board: WeekBoard, view: LiveBoardView): LiveLeaderboard {
  const { pool, week } = board;
  const gamesCentric = board.games.map(presentGame);
  return {
    status: 'ok',
    message: null,
    standings: board.players.map((player) => presentStanding(player, board.tiebreak)),
    gamesCentric,
    impactGames: impactGamesOf(board),
    overrides: view.overrides,
    // Served only with the picks it is made of (access.ts liveWeekAccessOf): docs/game.md#pick-consensus.
    consensus: consensusOf(board),
    metadata: {
      poolId: pool.id,
      poolName: pool.name,
      year: week.year,
      weekNumber: week.weekNumber,
      weekDisplayName: weekLabel(week.weekNumber),
      currentState: week.state,
      pickDeadline: week.pickDeadline.toISOString(),
      gamesInProgress: gamesCentric.some((g) => g.status === 'IN_PROGRESS' && !g.isVoid),
      picksAvailable: deadlinePassed(week, view.now),
      accessLevel: view.access,
      allWeeks: view.poolWeeks
        .filter((w) => w.year === pool.year)
        .map((w) => ({ weekNumber: w.weekNumber, displayName: weekLabel(w.weekNumber), state: w.state })),
      generatedAt: view.now.toISOString(),
    },
  };
}
