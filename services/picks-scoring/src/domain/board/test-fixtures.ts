import type { LiveGameRow, LiveMemberRow, LivePickRow } from '../../store/live.store.js';
import type { GameRow, PoolRow, PoolWeekRow, WeekScoreRow } from '../../store/schema.js';
import { scoredGameOf } from '../scored-game.js';
import type { ScoredGame } from '@powerpool/contracts';

/** Rows as the store returns them, for the board's unit tests (no database). */

export const KICKOFF = new Date('2025-09-07T17:00:00.000Z');
export const POOL: PoolRow = { id: 'pool-1', name: 'Office Pool', year: 2025, commissionerId: 'commish', isPublic: false, updatedAt: KICKOFF };
export const WEEK: PoolWeekRow = {
  poolId: POOL.id,
  year: 2025,
  weekNumber: 1,
  state: 'GAMES_IN_PROGRESS',
  pickDeadline: new Date(KICKOFF.getTime() - 10 * 60_000),
  publishedAt: new Date(KICKOFF.getTime() - 86_400_000),
  stateChangedAt: KICKOFF,
  calculatedAt: null,
  tiebreakerGameId: null,
};

/** A published game `id` (home team `${id}-H`, away `${id}-A`), kicking off `minutes` after KICKOFF. */
export function liveGame(id: string, game: Partial<GameRow> = {}, options: { spread?: number; voided?: boolean; minutes?: number } = {}): LiveGameRow {
  const gameTimeUtc = new Date(KICKOFF.getTime() + (options.minutes ?? 0) * 60_000);
  return {
    game: {
      espnId: id,
      espnCompetitionId: `${id}-c`,
      year: 2025,
      weekNumber: 1,
      homeTeamEspnId: `${id}-H`,
      awayTeamEspnId: `${id}-A`,
      homeTeamAbbr: `${id.toUpperCase()}H`,
      awayTeamAbbr: `${id.toUpperCase()}A`,
      homeTeamShortName: `${id} Home`,
      awayTeamShortName: `${id} Away`,
      gameName: `${id} Away at ${id} Home`,
      gameTimeUtc,
      status: 'SCHEDULED',
      homeScore: null,
      awayScore: null,
      currentPeriod: null,
      gameClock: null,
      statusDetail: null,
      updatedAt: KICKOFF,
      venueEspnId: null,
      ...game,
    },
    poolGame: {
      id: `pg-${id}`,
      poolId: POOL.id,
      year: 2025,
      weekNumber: 1,
      gameId: id,
      lockedSpread: options.spread ?? 0,
      homeTeamEspnId: `${id}-H`,
      awayTeamEspnId: `${id}-A`,
      gameTimeUtc,
      voidReason: options.voided ? 'postponed' : null,
      voidedAt: options.voided ? KICKOFF : null,
    },
    venue: null,
    home: null,
    away: null,
  };
}

export const member = (userId: string, displayName: string, priorSeasonPoints = 0): LiveMemberRow => ({
  userId,
  displayName,
  email: `${userId}@example.com`,
  priorSeasonPoints,
});

/** `userId`'s pick of `team` ('H' or 'A' of game `gameId`) at `rank` (0: the power pick). */
export const pick = ({
  userId,
  gameId,
  team,
  rank,
  stored = {},
}: {
  userId: string;
  gameId: string;
  team: 'H' | 'A';
  rank: number;
  stored?: Partial<LivePickRow>;
}): LivePickRow => ({
  userId,
  gameId,
  selectedTeamEspnId: `${gameId}-${team}`,
  confidenceRank: rank,
  isPowerPick: rank === 0,
  result: null,
  pointsEarned: null,
  teamAbbr: `${gameId.toUpperCase()}${team}`,
  teamLogo: null,
  ...stored,
});

export const storedRow = (userId: string, row: Partial<WeekScoreRow> = {}): WeekScoreRow => ({
  poolId: POOL.id,
  userId,
  year: 2025,
  weekNumber: 1,
  rawPoints: 0,
  multiplier: 1,
  finalPoints: 0,
  powerEffect: 'none',
  hasPicks: true,
  hasCalculationError: false,
  errorMessage: null,
  calculatedAt: KICKOFF,
  ...row,
});

/** gameOf over published games, as the board's reader builds it. */
export const gamesById = (games: readonly LiveGameRow[]) => {
  const scored = new Map<string, ScoredGame>(games.map((g) => [g.game.espnId, scoredGameOf(g.game, g.poolGame)]));
  return (gameId: string) => scored.get(gameId);
};
