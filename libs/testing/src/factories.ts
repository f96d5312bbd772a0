import { randomUUID } from 'node:crypto';
import { seasonTypeOf, type Game } from '@powerpool/contracts';

/**
 * Factory: a production game as sports-data-staging announces it (DAL @ PHI, scheduled, no line),
 * with `overrides` on top. The season type follows the week number; the season year is the one
 * given, even for games played in the next calendar year (January and February).
 */
export function buildProductionGame(overrides: Partial<Game> & Pick<Game, 'gameTimeUtc'>): Game {
  const espnId = overrides.espnId ?? randomUUID();
  const weekNumber = overrides.weekNumber ?? 1;
  return {
    espnId,
    espnCompetitionId: espnId,
    year: 2025,
    seasonType: seasonTypeOf(weekNumber),
    weekNumber,
    homeTeamEspnId: '21',
    awayTeamEspnId: '6',
    homeTeamAbbr: 'PHI',
    awayTeamAbbr: 'DAL',
    homeTeamShortName: 'Eagles',
    awayTeamShortName: 'Cowboys',
    gameTimeCdt: overrides.gameTimeUtc,
    spread: null,
    gameName: 'Dallas Cowboys at Philadelphia Eagles',
    currentPeriod: null,
    gameClock: null,
    gameStatus: 'SCHEDULED',
    winnerTeamEspnId: null,
    homeScore: null,
    awayScore: null,
    oddsProvider: null,
    oddsDetails: null,
    venueEspnId: null,
    statusDetail: null,
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}
