import { describe, expect, it } from 'vitest';
import type { StagingGame, Team } from '@powerpool/contracts';
import { validateStaging } from './validation.js';

const teams: Team[] = Array.from({ length: 32 }, (_, i) => ({
  espnId: String(i + 1),
  name: `Team ${i + 1}`,
  shortName: `T${i + 1}`,
  abbreviation: `T${i + 1}`,
  city: 'City',
  color: null,
  logoUrl: null,
  darkLogoUrl: null,
}));

let nextId = 1;
function game(weekNumber: number, home: number, away: number, over: Partial<StagingGame> = {}): StagingGame {
  const id = nextId++;
  return {
    id,
    espnId: `g${id}`,
    espnCompetitionId: `g${id}`,
    scheduleId: 1,
    year: 2025,
    seasonType: weekNumber < 0 ? 1 : weekNumber <= 18 ? 2 : 3,
    weekNumber,
    homeTeamEspnId: String(home),
    awayTeamEspnId: String(away),
    homeTeamAbbr: `T${home}`,
    awayTeamAbbr: `T${away}`,
    homeTeamShortName: `T${home}`,
    awayTeamShortName: `T${away}`,
    gameTimeUtc: '2025-09-07T17:00:00.000Z',
    gameTimeCdt: '2025-09-07T12:00:00-05:00',
    spread: -3.5,
    gameName: `T${away} at T${home}`,
    currentPeriod: null,
    gameClock: null,
    gameStatus: 'SCHEDULED',
    winnerTeamEspnId: null,
    homeScore: null,
    awayScore: null,
    oddsProvider: 'ESPN BET',
    oddsDetails: `T${home} -3.5`,
    venueEspnId: null,
    statusDetail: null,
    ...over,
  };
}

function fullSeason(): StagingGame[] {
  const games: StagingGame[] = [];
  for (let w = 1; w <= 18; w += 1) for (let i = 0; i < 16; i += 1) games.push(game(w, 2 * i + 1, 2 * i + 2));
  games.push(game(22, 1, 2, { gameStatus: 'COMPLETE', homeScore: 40, awayScore: 22, winnerTeamEspnId: '1', spread: null, oddsDetails: null }));
  return games;
}

describe('validation report', () => {
  it('should pass all seven checks when a full season is consistent', () => {
    const report = validateStaging(teams, fullSeason());
    expect(report.summary).toEqual({ overallStatus: 'PASSED', passed: 7, failed: 0, totalChecks: 7 });
    expect(report.totalGames).toBe(289);
  });

  it('should warn and not fail when only postseason structure is off', () => {
    const games = [...fullSeason(), game(22, 3, 4)];
    const report = validateStaging(teams, games);
    expect(report.summary.overallStatus).toBe('WARNINGS');
    expect(report.validationResults.postseasonStructure.errors).toEqual(['2025 week 22 has 2 games (at most 1)']);
  });

  it('should pass data and winner checks when games are cancelled or postponed without scores or winner', () => {
    const games = fullSeason();
    games[0] = { ...games[0]!, gameStatus: 'CANCELLED' };
    games[1] = { ...games[1]!, gameStatus: 'POSTPONED' };
    // Called off in the 2nd quarter: keeps the score it had, no winner.
    games[2] = { ...games[2]!, gameStatus: 'POSTPONED', homeScore: 7, awayScore: 3, currentPeriod: 2 };
    const report = validateStaging(teams, games);
    expect(report.summary).toEqual({ overallStatus: 'PASSED', passed: 7, failed: 0, totalChecks: 7 });
  });

  it('should fail winner logic when a cancelled or postponed game has a winner', () => {
    const games = fullSeason();
    games[0] = { ...games[0]!, gameStatus: 'CANCELLED', winnerTeamEspnId: games[0]!.homeTeamEspnId };
    games[1] = { ...games[1]!, gameStatus: 'POSTPONED', homeScore: 14, awayScore: 0, winnerTeamEspnId: games[1]!.homeTeamEspnId };
    const report = validateStaging(teams, games);
    expect(report.summary.overallStatus).toBe('FAILED');
    expect(report.validationResults.winnerLogic.errors).toEqual([
      expect.stringMatching(/^T2 at T1 \(g\d+, week 1\): has a winner but is cancelled, not complete$/),
      expect.stringMatching(/^T4 at T3 \(g\d+, week 1\): has a winner but is postponed, not complete$/),
    ]);
    expect(report.validationResults.dataIntegrity.passed).toBe(true);
  });

  it('should not count a cancelled game in the week structure when its teams play a replacement that week', () => {
    const games = [...fullSeason(), game(1, 1, 2)];
    games[0] = { ...games[0]!, gameStatus: 'CANCELLED' };
    expect(validateStaging(teams, games).validationResults.regularSeasonStructure.errors).toEqual([]);
  });

  it('should fail when a team plays twice in a week and a spread disagrees with its details', () => {
    const games = fullSeason();
    games[1] = game(1, 1, 5);
    games[2] = { ...games[2]!, spread: 3.5 };
    const report = validateStaging(teams, games);
    expect(report.validationResults.regularSeasonStructure.errors[0]).toMatch(/^T1 plays twice in 2025 week 1/);
    expect(report.validationResults.oddsValidation.errors[0]).toMatch(/spread 3.5 disagrees with "T5 -3.5"/);
    expect(report.summary.overallStatus).toBe('WARNINGS');
  });
});
