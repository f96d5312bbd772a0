import { describe, expect, it } from 'vitest';
import { coverText, gameBadgeOf, gamesProgress, gridModeOf, liveClock, matchupText, scoreText } from './games';

const kickoff = '2025-09-05T00:20:00Z';
const at = (iso: string) => new Date(iso).getTime();
const scheduled = { status: 'SCHEDULED' as const, isComplete: false, gameTimeUtc: kickoff };
const teams = { homeTeam: { abbreviation: 'PHI' }, awayTeam: { abbreviation: 'DAL' } };

describe('gridModeOf', () => {
  it('should edit in SETUP, be final in COMPLETE and live in between', () => {
    expect(gridModeOf('SETUP')).toBe('setup');
    expect(gridModeOf('PUBLISHED')).toBe('live');
    expect(gridModeOf('GAMES_IN_PROGRESS')).toBe('live');
    expect(gridModeOf('SCORING')).toBe('live');
    expect(gridModeOf('COMPLETE')).toBe('complete');
  });
});

describe('gameBadgeOf', () => {
  it('should say Complete when the game is complete, whatever the mode', () => {
    for (const mode of ['setup', 'live', 'complete'] as const) {
      expect(gameBadgeOf({ ...scheduled, status: 'COMPLETE', isComplete: true }, mode, at(kickoff))).toBe('Complete');
    }
  });

  it('should say In Progress in live mode once the kickoff has passed, and Scheduled before', () => {
    expect(gameBadgeOf(scheduled, 'live', at(kickoff) - 1)).toBe('Scheduled');
    expect(gameBadgeOf(scheduled, 'live', at(kickoff))).toBe('In Progress');
    expect(gameBadgeOf(scheduled, 'setup', at(kickoff) + 60_000)).toBe('Scheduled');
  });

  it('should say In Progress when the provider says the game is being played', () => {
    expect(gameBadgeOf({ ...scheduled, status: 'IN_PROGRESS' }, 'setup', at(kickoff) - 60_000)).toBe('In Progress');
  });

  it('should name void, cancelled and postponed games when they are', () => {
    expect(gameBadgeOf({ ...scheduled, status: 'POSTPONED' }, 'live', at(kickoff) + 1)).toBe('Postponed');
    expect(gameBadgeOf({ ...scheduled, status: 'CANCELLED' }, 'live', at(kickoff) + 1)).toBe('Cancelled');
    expect(gameBadgeOf({ ...scheduled, status: 'POSTPONED', isVoid: true }, 'live', at(kickoff) + 1)).toBe('Void');
  });
});

describe('liveClock', () => {
  it('should show the quarter and clock while the game is played, OT after the fourth', () => {
    expect(liveClock({ status: 'IN_PROGRESS', currentPeriod: 3, gameClock: '5:12' })).toBe('Q3 · 5:12');
    expect(liveClock({ status: 'IN_PROGRESS', currentPeriod: 5, gameClock: null })).toBe('OT');
    expect(liveClock({ status: 'COMPLETE', currentPeriod: 4, gameClock: '0:00' })).toBeNull();
    expect(liveClock({ status: 'IN_PROGRESS', currentPeriod: null, gameClock: null })).toBeNull();
    expect(liveClock({ status: 'IN_PROGRESS', currentPeriod: 2, gameClock: '0:00', statusDetail: 'Halftime' })).toBe('Halftime');
    expect(liveClock({ status: 'COMPLETE', currentPeriod: 5, gameClock: '0:00', statusDetail: 'Final/OT' })).toBe('Final/OT');
    expect(liveClock({ status: 'COMPLETE', currentPeriod: 4, gameClock: '0:00', statusDetail: 'Final' })).toBeNull();
  });
});

describe('matchupText, scoreText and coverText', () => {
  it('should write the away team first', () => {
    expect(matchupText(teams)).toBe('DAL @ PHI');
    expect(scoreText({ homeScore: 24, awayScore: 20 })).toBe('20 - 24');
    expect(scoreText({ homeScore: 24, awayScore: null })).toBeNull();
  });

  it('should name who covered, a push, a void game, or pending', () => {
    expect(coverText({ ...teams, isVoid: false, cover: 'HOME' })).toBe('PHI covers');
    expect(coverText({ ...teams, isVoid: false, cover: 'AWAY' })).toBe('DAL covers');
    expect(coverText({ ...teams, isVoid: false, cover: 'PUSH' })).toBe('Push');
    expect(coverText({ ...teams, isVoid: true, cover: null })).toBe('Void');
    expect(coverText({ ...teams, isVoid: false, cover: null })).toBe('Pending');
  });
});

describe('gamesProgress', () => {
  it('should count final and void games over the published games, rounded to a percent', () => {
    expect(gamesProgress({ gameCount: 3, completedGames: 1, voidGames: 1 })).toEqual({ done: 2, total: 3, percent: 67 });
    expect(gamesProgress({ gameCount: 0, completedGames: 0, voidGames: 0 })).toEqual({ done: 0, total: 0, percent: 0 });
    expect(gamesProgress({ gameCount: 2, completedGames: 2, voidGames: 1 })).toEqual({ done: 2, total: 2, percent: 100 });
  });
});
