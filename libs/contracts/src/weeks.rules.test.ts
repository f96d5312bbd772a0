import { describe, expect, it } from 'vitest';
import { isLiveWeekState, WEEK_STATES } from './week-states.js';
import {
  coverOf,
  currentSeasonOf,
  currentWeekOf,
  GAME_LENGTH_MS,
  isValidSpread,
  tiebreakerGameIdOf,
  tiebreakerTotalOf,
  isWeekNumber,
  nextWeekState,
  pickDeadlineOf,
  seasonPartOf,
  seasonTypeOf,
  testingWeeks,
  transitionSlugOf,
  weekLabel,
  weekNumbers,
  weekTitle,
} from './weeks.rules.js';

describe('week labels', () => {
  it('should name weeks as docs/week.md#week-numbers says', () => {
    expect([-4, -3, -2, -1].map(weekLabel)).toEqual(['Preseason Week 1', 'Preseason Week 2', 'Preseason Week 3', 'Preseason Week 4']);
    expect([1, 18].map(weekLabel)).toEqual(['Week 1', 'Week 18']);
    expect([19, 20, 21, 22].map(weekLabel)).toEqual(['Wild Card', 'Divisional', 'Conference Championships', 'Super Bowl']);
  });

  it('should title a postseason round with its number beside its name, and other weeks by their label', () => {
    expect([19, 20, 21, 22].map(weekTitle)).toEqual([
      'Wild Card (Week 19)',
      'Divisional (Week 20)',
      'Conference Championships (Week 21)',
      'Super Bowl (Week 22)',
    ]);
    expect([-4, -1, 1, 18].map(weekTitle)).toEqual(['Preseason Week 1', 'Preseason Week 4', 'Week 1', 'Week 18']);
  });

  it('should know which week numbers exist and which part of the season they belong to', () => {
    expect(weekNumbers()).toHaveLength(26);
    expect(weekNumbers()).not.toContain(0);
    expect([0, -5, 23, 1.5].some(isWeekNumber)).toBe(false);
    expect([-4, -1, 1, 22].every(isWeekNumber)).toBe(true);
    expect([-1, 1, 18, 19].map(seasonPartOf)).toEqual(['preseason', 'regular', 'regular', 'postseason']);
    expect([-1, 1, 22].map(seasonTypeOf)).toEqual([1, 2, 3]);
  });
});

describe('Testing tab weeks', () => {
  it('should offer six weeks from three before the current one, within -3..18, skipping week 0', () => {
    expect(testingWeeks(10)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(testingWeeks(1)).toEqual([-3, -2, -1, 1, 2, 3]);
    expect(testingWeeks(-4)).toEqual([-3, -2, -1, 1, 2, 3]);
    expect(testingWeeks(17)).toEqual([13, 14, 15, 16, 17, 18]);
    expect(testingWeeks(22)).toEqual([13, 14, 15, 16, 17, 18]);
  });
});

describe('states', () => {
  it('should move forward one step at a time and stop at COMPLETE', () => {
    expect(nextWeekState('SETUP')).toBe('PUBLISHED');
    expect(nextWeekState('SCORING')).toBe('COMPLETE');
    expect(nextWeekState('COMPLETE')).toBeNull();
    expect(transitionSlugOf('GAMES_IN_PROGRESS')).toBe('games-in-progress');
    expect(transitionSlugOf('SETUP')).toBeNull();
  });

  it('should be live in GAMES_IN_PROGRESS and SCORING only (docs/game.md#live-standings)', () => {
    expect(WEEK_STATES.filter(isLiveWeekState)).toEqual(['GAMES_IN_PROGRESS', 'SCORING']);
  });
});

describe('deadline, spreads and covers', () => {
  it('should close picks 10 minutes before the earliest kickoff', () => {
    expect(pickDeadlineOf(['2025-09-07T17:00:00Z', '2025-09-05T00:20:00Z'])?.toISOString()).toBe('2025-09-05T00:10:00.000Z');
    expect(pickDeadlineOf([])).toBeNull();
  });

  it('should accept spreads in half points within ±50 only', () => {
    expect([0, -3.5, 7, 50, -50].every(isValidSpread)).toBe(true);
    expect([0.25, 50.5, Number.NaN, Number.POSITIVE_INFINITY].some(isValidSpread)).toBe(false);
  });

  it('should decide covers against the home-relative spread, equal being a push', () => {
    expect(coverOf(24, 20, -3.5)).toBe('HOME');
    expect(coverOf(24, 20, -4)).toBe('PUSH');
    expect(coverOf(24, 20, -6)).toBe('AWAY');
    expect(coverOf(17, 20, 3)).toBe('PUSH');
    expect(coverOf(17, 20, 7.5)).toBe('HOME');
  });
});

describe('current season and week', () => {
  const k = (weekNumber: number, at: string) => ({ weekNumber, gameTimeUtc: new Date(at) });
  const kickoffs = [k(2, '2025-09-12T00:15:00Z'), k(1, '2025-09-05T00:20:00Z'), k(1, '2025-09-09T00:15:00Z')];

  it('should pick the week of the next or ongoing game, and the last week after the season', () => {
    expect(currentWeekOf(kickoffs, new Date('2025-01-01T00:00:00Z'))).toBe(1);
    expect(currentWeekOf(kickoffs, new Date(Date.parse('2025-09-09T00:15:00Z') + GAME_LENGTH_MS - 1))).toBe(1);
    expect(currentWeekOf(kickoffs, new Date(Date.parse('2025-09-09T00:15:00Z') + GAME_LENGTH_MS))).toBe(2);
    expect(currentWeekOf(kickoffs, new Date('2026-01-01T00:00:00Z'))).toBe(2);
    expect(currentWeekOf([], new Date())).toBeNull();
  });

  it('should pick the season under way or next, else the newest', () => {
    const seasons = [
      { year: 2025, lastKickoffAt: new Date('2026-02-08T23:30:00Z') },
      { year: 2024, lastKickoffAt: new Date('2025-02-09T23:30:00Z') },
    ];
    expect(currentSeasonOf(seasons, new Date('2025-01-01T00:00:00Z'))).toBe(2024);
    expect(currentSeasonOf(seasons, new Date('2025-06-01T00:00:00Z'))).toBe(2025);
    expect(currentSeasonOf(seasons, new Date('2026-06-01T00:00:00Z'))).toBe(2025);
    expect(currentSeasonOf([], new Date())).toBeNull();
  });
});

describe('tiebreakerGameIdOf: the game fixed at publish (docs/game.md#weekly-winners)', () => {
  const games = [
    { gameId: '401', gameTimeUtc: '2025-09-07T17:00:00Z' },
    { gameId: '403', gameTimeUtc: '2025-09-09T00:15:00Z' },
    { gameId: '402', gameTimeUtc: '2025-09-08T00:20:00Z' },
  ];
  it('should fix the last game by kickoff when the pool uses the last game total', () => {
    expect(tiebreakerGameIdOf(games, 'last_game_total')).toBe('403');
  });
  it('should fix the larger game id when the last two kick off together', () => {
    const together = [...games, { gameId: '399', gameTimeUtc: '2025-09-09T00:15:00Z' }];
    expect(tiebreakerGameIdOf(together, 'last_game_total')).toBe('403');
    expect(tiebreakerGameIdOf([...together].reverse(), 'last_game_total')).toBe('403');
  });
  it('should fix no game when the pool has no tiebreaker or no games', () => {
    expect(tiebreakerGameIdOf(games, 'none')).toBeNull();
    expect(tiebreakerGameIdOf([], 'last_game_total')).toBeNull();
  });
});

describe('tiebreakerTotalOf: the total the tiebreaker compares with (docs/game.md#weekly-winners)', () => {
  const base = { status: 'COMPLETE' as const, homeScore: 27, awayScore: 20, isVoid: false };
  it('should be both scores added when the game is final', () => {
    expect(tiebreakerTotalOf(base)).toBe(47);
  });
  it('should be null when the game is void (cancelled, or postponed and ruled void)', () => {
    expect(tiebreakerTotalOf({ ...base, isVoid: true })).toBeNull();
    expect(tiebreakerTotalOf({ ...base, status: 'CANCELLED', isVoid: true })).toBeNull();
  });
  it('should be null when the game is not final yet', () => {
    expect(tiebreakerTotalOf({ ...base, status: 'IN_PROGRESS' })).toBeNull();
    expect(tiebreakerTotalOf({ ...base, homeScore: null })).toBeNull();
  });
  it('should be null when the week has no tiebreaker game', () => {
    expect(tiebreakerTotalOf(null)).toBeNull();
  });
});
