import { describe, expect, it } from 'vitest';
import { parseWeekParam } from './week-param';

describe('parseWeekParam', () => {
  it('should read a week when the segment is a week number', () => {
    expect(parseWeekParam('1')).toEqual({ kind: 'week', weekNumber: 1 });
    expect(parseWeekParam('-4')).toEqual({ kind: 'week', weekNumber: -4 });
    expect(parseWeekParam('22')).toEqual({ kind: 'week', weekNumber: 22 });
    expect(parseWeekParam('07')).toEqual({ kind: 'week', weekNumber: 7 });
  });

  it('should say invalid when the number is not a week', () => {
    for (const raw of ['0', '-5', '23', '100', '-0']) expect(parseWeekParam(raw), raw).toEqual({ kind: 'invalid' });
  });

  it('should say invalid format when the segment is not a whole number', () => {
    for (const raw of ['abc', '1.5', '', '1e1', '+3', '3a', '--1', undefined]) expect(parseWeekParam(raw), String(raw)).toEqual({ kind: 'format' });
  });
});
