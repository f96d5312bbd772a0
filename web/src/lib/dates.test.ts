import { describe, expect, it } from 'vitest';
import { DATE_FAMILY_PATTERN, formatClockTime, formatDate, formatDateTime, formatKickoff, TIME_ZONE, toDate } from './dates';

// 2025 week 1 opener (DAL at PHI): 00:20 UTC on Sep 5 is 7:20 PM CDT on Sep 4 in Chicago.
const OPENER = '2025-09-05T00:20:00Z';
// A Wild Card Sunday in standard time: 21:30 UTC on Jan 11 is 3:30 PM CST.
const WILD_CARD = '2026-01-11T21:30:00Z';

describe('dates', () => {
  it('should show every time in America/Chicago', () => {
    expect(TIME_ZONE).toBe('America/Chicago');
  });

  it('should write an instant with weekday, date, year, time and zone, daylight and standard time', () => {
    expect(formatDateTime(OPENER)).toBe('Thu, Sep 4, 2025, 7:20 PM CDT');
    expect(formatDateTime(WILD_CARD)).toBe('Sun, Jan 11, 2026, 3:30 PM CST');
  });

  it('should write a kickoff without the year', () => {
    expect(formatKickoff(OPENER)).toBe('Thu, Sep 4, 7:20 PM CDT');
    expect(formatKickoff('2025-12-07T18:00:00Z')).toBe('Sun, Dec 7, 12:00 PM CST');
  });

  it("should write a day as Chicago's day (late evening UTC is still the day before)", () => {
    expect(formatDate(OPENER)).toBe('Sep 4, 2025');
    expect(formatDate('2026-11-25T10:23:49Z')).toBe('Nov 25, 2026');
  });

  it('should write a time of day to the second with its zone', () => {
    expect(formatClockTime('2026-01-11T21:30:05Z')).toBe('3:30:05 PM CST');
  });

  it('should take a Date or epoch milliseconds as well as an ISO string', () => {
    expect(formatDateTime(new Date(WILD_CARD))).toBe('Sun, Jan 11, 2026, 3:30 PM CST');
    expect(formatDateTime(Date.parse(WILD_CARD))).toBe('Sun, Jan 11, 2026, 3:30 PM CST');
  });

  it('should give the fallback when there is no readable date', () => {
    for (const missing of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(toDate(missing)).toBeNull();
      expect(formatDateTime(missing)).toBe('N/A');
      expect(formatKickoff(missing)).toBe('TBD');
      expect(formatDate(missing, 'Never')).toBe('Never');
      expect(formatClockTime(missing, '-')).toBe('-');
    }
  });

  it('should use plain spaces only (no narrow no-break space before AM/PM)', () => {
    for (const text of [formatDateTime(WILD_CARD), formatKickoff(WILD_CARD), formatClockTime(WILD_CARD)]) expect(text).not.toMatch(/[\u202f\u00a0]/);
  });

  it('should match its own family and nothing of the other formats', () => {
    for (const text of [formatDateTime(WILD_CARD), formatKickoff(WILD_CARD), formatDate(WILD_CARD), formatClockTime(WILD_CARD)])
      expect(text).toMatch(DATE_FAMILY_PATTERN);
    for (const other of ['11/25/2026, 4:23:49 AM', 'Wednesday, November 25, 2026 at 4:23 AM CST', '2026-11-25', 'Nov 25, 2026, 4:23 AM'])
      expect(other).not.toMatch(DATE_FAMILY_PATTERN);
  });
});
