import {
  gamesInProgressOf,
  impactGamesOf,
  liveGameOf,
  liveStandingOf,
  weekLabel,
  type AccessLevel,
  type LiveGame,
  type LiveGameFacts,
  type LiveLeaderboard,
  type LiveStanding,
  type PickOverride,
} from '@powerpool/contracts';
import type { LiveGameRow } from '../../store/live.store.js';
import type { PoolWeekRow } from '../../store/schema.js';
import { deadlinePassed } from '../access.js';
import { consensusOf } from './consensus.js';
import type { PlayerWeek, WeekBoard, WeekTiebreak } from './standings.js';

/** A player's line of the live leaderboard; with the week's tiebreaker (docs/game.md#weekly-winners), their prediction and whether they won the week. */
export function presentStanding(player: PlayerWeek, tiebreak: WeekTiebreak | null = null): LiveStanding {
  return liveStandingOf(player, {
    outcome: player.outcome,
    choiceOf: (pick) => ({
      gameId: pick.gameId,
      selectedTeamEspnId: pick.selectedTeamEspnId,
      selectedTeamAbbr: pick.teamAbbr,
      selectedTeamLogo: pick.teamLogo,
      confidenceRank: pick.confidenceRank,
      isPowerPick: pick.isPowerPick,
    }),
    tiebreak: tiebreak ? { tiebreaker: tiebreak.predictions.get(player.userId) ?? null, isWeekWinner: tiebreak.winners.has(player.userId) } : null,
  });
}

/**
 * A production game as every pool shows it (the `games` frame of the live stream): its teams'
 * names and logos from the teams table (else the game's own), status, scores and venue.
 */
export function presentGameFacts({ game, venue, home, away }: Pick<LiveGameRow, 'game' | 'venue' | 'home' | 'away'>): LiveGameFacts {
  return {
    gameId: game.espnId,
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
    venue: venue
      ? { name: venue.fullName, city: venue.city, state: venue.state, exteriorImageUrl: venue.exteriorImageUrl, interiorImageUrl: venue.interiorImageUrl }
      : null,
    updatedAt: game.updatedAt.toISOString(),
  };
}

/** A published game of the live leaderboard: the game's facts with the pool's spread, teams and void ruling (liveGameOf). */
export function presentGame(row: LiveGameRow): LiveGame {
  const { poolGame } = row;
  return liveGameOf(presentGameFacts(row), {
    poolGameId: poolGame.id,
    spread: poolGame.lockedSpread,
    homeTeamEspnId: poolGame.homeTeamEspnId,
    awayTeamEspnId: poolGame.awayTeamEspnId,
    ruledVoid: poolGame.voidedAt !== null,
  });
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
  const standings = board.players.map((player) => presentStanding(player, board.tiebreak));
  return {
    status: 'ok',
    message: null,
    standings,
    gamesCentric,
    impactGames: impactGamesOf(
      gamesCentric,
      board.players.map((player, i) => ({ standing: standings[i]!, seasonRank: player.seasonRank, scorable: player.error === null })),
    ),
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
      gamesInProgress: gamesInProgressOf(gamesCentric),
      picksAvailable: deadlinePassed(week, view.now),
      accessLevel: view.access,
      allWeeks: view.poolWeeks
        .filter((w) => w.year === pool.year)
        .map((w) => ({ weekNumber: w.weekNumber, displayName: weekLabel(w.weekNumber), state: w.state })),
      generatedAt: view.now.toISOString(),
      ...(week.tiebreakerGameId === null ? {} : { tiebreakerGameId: week.tiebreakerGameId }),
    },
  };
}
