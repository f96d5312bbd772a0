import { describe, expect, it } from 'vitest';
import { quickJumpGroups } from './quick-jump';

describe('quickJumpGroups', () => {
  it('should group the season weeks into preseason, regular season and postseason, in order', () => {
    const groups = quickJumpGroups([{ weekNumber: 2 }, { weekNumber: -1 }, { weekNumber: 1 }, { weekNumber: 22 }]);
    expect(groups).toEqual([
      { part: 'preseason', label: 'Preseason', weeks: [{ weekNumber: -1, label: 'Preseason Week 4' }] },
      {
        part: 'regular',
        label: 'Regular Season',
        weeks: [
          { weekNumber: 1, label: 'Week 1' },
          { weekNumber: 2, label: 'Week 2' },
        ],
      },
      { part: 'postseason', label: 'Postseason', weeks: [{ weekNumber: 22, label: 'Super Bowl (Week 22)' }] },
    ]);
  });

  it('should leave out empty groups and name a postseason round beside its number', () => {
    expect(quickJumpGroups([{ weekNumber: 19 }, { weekNumber: 20 }])).toEqual([
      {
        part: 'postseason',
        label: 'Postseason',
        weeks: [
          { weekNumber: 19, label: 'Wild Card (Week 19)' },
          { weekNumber: 20, label: 'Divisional (Week 20)' },
        ],
      },
    ]);
  });

  it('should add the week on screen when the season has no such week', () => {
    const groups = quickJumpGroups([{ weekNumber: 1 }], -4);
    expect(groups.map((g) => g.weeks.map((w) => w.label))).toEqual([['Preseason Week 1'], ['Week 1']]);
    expect(quickJumpGroups([], 5)).toEqual([{ part: 'regular', label: 'Regular Season', weeks: [{ weekNumber: 5, label: 'Week 5' }] }]);
  });

  it('should list a week once when it appears twice', () => {
    expect(quickJumpGroups([{ weekNumber: 3 }, { weekNumber: 3 }], 3)[0]?.weeks).toHaveLength(1);
  });
});
