import { describe, expect, it } from 'vitest';
import { fromWeekNumber, seasonWeeks, toWeekNumber } from './espn-weeks.js';

describe('week mapping', () => {
  it.each([
    [1, 1, -4],
    [1, 2, -3],
    [1, 3, -2],
    [1, 4, -1],
    [2, 1, 1],
    [2, 18, 18],
    [3, 1, 19],
    [3, 2, 20],
    [3, 3, 21],
    [3, 5, 22],
  ])('should map season type %i week %i to week %i', (type, week, expected) => {
    expect(toWeekNumber(type, week)).toBe(expected);
    expect(fromWeekNumber(expected)).toEqual({ seasonType: type, espnWeek: week });
  });

  it.each([
    [3, 4],
    [1, 5],
    [2, 19],
    [2, 0],
    [4, 1],
  ])('should give no week when season type %i week %i is the Pro Bowl or out of range', (type, week) => {
    expect(toWeekNumber(type, week)).toBeNull();
  });

  it('should list 26 weeks without the Pro Bowl when a season is imported', () => {
    const weeks = seasonWeeks();
    expect(weeks).toHaveLength(26);
    expect(weeks.some((w) => w.seasonType === 3 && w.espnWeek === 4)).toBe(false);
    expect(weeks.map((w) => w.weekNumber)).toEqual([-4, -3, -2, -1, ...Array.from({ length: 18 }, (_, i) => i + 1), 19, 20, 21, 22]);
  });
});
