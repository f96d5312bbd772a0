import { describe, expect, it } from 'vitest';
import { RULE_YEARS, TIME_ZONE, centralTime, formatDateTime } from './dates.js';

/** What the format was built on before it stopped using Intl: the oracle. */
const intl = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});
const intlText = (ms: number) => intl.format(ms).replace(/[\u202f\u00a0]/g, ' ');
/** formatDateTime with the seconds, to compare with the oracle to the second. */
const ourText = (ms: number) => formatDateTime(ms).replace(/ ([AP]M)/, `:${String(centralTime(new Date(ms)).second).padStart(2, '0')} $1`);

const HOUR_MS = 3_600_000;
/** The two sweeps below compare some 800,000 instants with Intl: a few seconds here, more on a busy machine. */
const SWEEP_TIMEOUT_MS = 60_000;

describe('Central time without Intl', () => {
  it(
    'should agree with Intl every 61 minutes and 7 seconds from the first year of the rule to its last',
    () => {
      const mismatches: string[] = [];
      const end = Date.UTC(RULE_YEARS.last + 1, 0, 1, 6);
      for (let ms = Date.UTC(RULE_YEARS.first, 0, 1, 6); ms < end; ms += HOUR_MS + 67_000) {
        if (ourText(ms) !== intlText(ms)) mismatches.push(`${new Date(ms).toISOString()}: ${ourText(ms)} vs ${intlText(ms)}`);
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'should agree with Intl minute by minute around every change of clocks, and on each side of it',
    () => {
      const mismatches: string[] = [];
      for (let year = RULE_YEARS.first; year <= RULE_YEARS.last; year++) {
        for (const month of [2, 10]) {
          // Each change is on a Sunday between the 1st and the 14th, at 07:00 or 08:00 UTC.
          for (let day = 1; day <= 14; day++) {
            const at = Date.UTC(year, month, day, 7);
            if (new Date(at).getUTCDay() !== 0) continue;
            for (let ms = at - 2 * HOUR_MS; ms <= at + 3 * HOUR_MS; ms += 60_000) {
              for (const edge of [ms - 1000, ms])
                if (ourText(edge) !== intlText(edge)) mismatches.push(`${new Date(edge).toISOString()}: ${ourText(edge)} vs ${intlText(edge)}`);
            }
          }
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('should name the daylight and standard time of the 2025 season and its playoffs', () => {
    expect(formatDateTime('2025-09-05T00:20:00Z')).toBe('Thu, Sep 4, 2025, 7:20 PM CDT');
    expect(formatDateTime('2025-11-02T06:59:59Z')).toBe('Sun, Nov 2, 2025, 1:59 AM CDT');
    expect(formatDateTime('2025-11-02T07:00:00Z')).toBe('Sun, Nov 2, 2025, 1:00 AM CST');
    expect(formatDateTime('2026-03-08T08:00:00Z')).toBe('Sun, Mar 8, 2026, 3:00 AM CDT');
    expect(formatDateTime('2026-01-11T18:00:00Z')).toBe('Sun, Jan 11, 2026, 12:00 PM CST');
    expect(formatDateTime('2026-01-12T06:00:00Z')).toBe('Mon, Jan 12, 2026, 12:00 AM CST');
  });

  it("should ask Intl outside the rule's years, where the zone had other rules", () => {
    // 1987-2006: daylight time from the first Sunday of April; 1974: year-round from January 6.
    for (const iso of [
      '2006-04-02T08:00:00Z',
      '2006-03-12T09:00:00Z',
      '1974-01-07T18:00:00Z',
      '1960-07-01T12:00:00Z',
      '2100-07-01T12:00:00Z',
      '2006-12-31T23:59:59Z',
    ]) {
      const ms = Date.parse(iso);
      expect(ourText(ms), iso).toBe(intlText(ms));
    }
    expect(formatDateTime('2006-03-12T09:00:00Z')).toBe('Sun, Mar 12, 2006, 3:00 AM CST');
  });

  it('should take the year of the wall clock at the turn of a year', () => {
    expect(formatDateTime('2027-01-01T05:59:59Z')).toBe('Thu, Dec 31, 2026, 11:59 PM CST');
    expect(formatDateTime('2027-01-01T06:00:00Z')).toBe('Fri, Jan 1, 2027, 12:00 AM CST');
    expect(formatDateTime('2007-01-01T05:59:59Z')).toBe('Sun, Dec 31, 2006, 11:59 PM CST');
  });
});
