import { describe, expect, it } from 'vitest';
import {
  emptyLeaderboardText,
  ERROR_MESSAGE_MAX,
  filterLeaderboard,
  orderedPicks,
  pickRankLabel,
  POWER_EFFECT_LABELS,
  weeksWon,
  weekTotals,
} from './leaderboard';

const entry = (displayName: string) => ({ user: { id: displayName, displayName } });

describe('filterLeaderboard', () => {
  const entries = [entry('Alice Smith'), entry('bob'), entry('Carol')];

  it('should match a case-insensitive substring of the display name', () => {
    expect(filterLeaderboard(entries, 'SMI').map((e) => e.user.displayName)).toEqual(['Alice Smith']);
    expect(filterLeaderboard(entries, 'o').map((e) => e.user.displayName)).toEqual(['bob', 'Carol']);
  });

  it('should keep every row for an empty or blank search', () => {
    expect(filterLeaderboard(entries, '')).toHaveLength(3);
    expect(filterLeaderboard(entries, '   ')).toHaveLength(3);
  });
});

describe('emptyLeaderboardText', () => {
  it('should tell no data from no match', () => {
    expect(emptyLeaderboardText(0, '')).toBe('No leaderboard data available');
    expect(emptyLeaderboardText(4, ' zed ')).toBe('No players found matching "zed"');
  });
});

describe('picks of the breakdown', () => {
  it('should name the ranks and put them 3, 2, 1, then power', () => {
    const picks = [
      { isPowerPick: false, confidenceRank: 1 },
      { isPowerPick: true, confidenceRank: 0 },
      { isPowerPick: false, confidenceRank: 3 },
      { isPowerPick: false, confidenceRank: 2 },
    ];
    expect(orderedPicks(picks).map(pickRankLabel)).toEqual(['3pt', '2pt', '1pt', 'Power']);
  });
});

describe('weekTotals', () => {
  const week = { hasCalculationError: false, errorMessage: null, rawPoints: 5, powerEffect: 'x2' as const, totalPoints: 10 };

  it('should give raw points, the power effect and the final score', () => {
    expect(weekTotals(week)).toEqual({ kind: 'ok', raw: 5, power: 'x2', final: 10 });
    expect(Object.values(POWER_EFFECT_LABELS)).toEqual(['x2', 'x0', 'Push', 'None', 'Pending']);
  });

  it('should give the calculation error, truncated', () => {
    expect(weekTotals({ ...week, hasCalculationError: true, errorMessage: 'Game 401 has no score' })).toEqual({
      kind: 'error',
      message: 'Game 401 has no score',
    });
    const long = weekTotals({ ...week, hasCalculationError: true, errorMessage: 'x'.repeat(200) });
    expect(long.kind === 'error' && long.message.length).toBe(ERROR_MESSAGE_MAX);
    expect(weekTotals({ ...week, hasCalculationError: true, errorMessage: null })).toEqual({ kind: 'error', message: '' });
  });
});

describe('weeksWon (docs/game.md#weekly-winners)', () => {
  it('should count the weeks won among the weeks that name winners', () => {
    expect(weeksWon([{ isWeekWinner: true }, { isWeekWinner: false }, {}, { isWeekWinner: true }])).toBe(2);
    expect(weeksWon([{ isWeekWinner: false }])).toBe(0);
  });
  it('should be null when no week has a tiebreaker game', () => {
    expect(weeksWon([{}, {}])).toBeNull();
    expect(weeksWon([])).toBeNull();
  });
});
