import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText, formatCentralDateTime, formatKickoff } from './time';

describe('formatKickoff', () => {
  it('should show the time in Chicago, daylight and standard time', () => {
    // 00:20 UTC on Sep 5 is 7:20 PM CDT on Sep 4.
    expect(formatKickoff('2025-09-05T00:20:00Z')).toBe('Thu, Sep 4, 7:20 PM CDT');
    expect(formatKickoff('2025-12-07T18:00:00Z')).toBe('Sun, Dec 7, 12:00 PM CST');
  });

  it('should give the fallback when there is no readable time', () => {
    expect(formatKickoff(null)).toBe('TBD');
    expect(formatKickoff('not a date', '-')).toBe('-');
  });

  it('should write the whole date for a deadline', () => {
    expect(formatCentralDateTime('2025-09-05T00:10:00Z')).toBe('Thursday, September 4, 2025 at 7:10 PM CDT');
    expect(formatCentralDateTime(null)).toBe('Not set');
  });
});

describe('countdownParts', () => {
  const now = Date.UTC(2025, 8, 1, 12, 0, 0);

  it('should split what is left into days, hours, minutes and seconds', () => {
    const target = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownParts(target, now)).toEqual({ past: false, days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('should round a part second up so the last second shows 1 until it is over', () => {
    expect(countdownParts(now + 400, now)).toEqual({ past: false, days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('should be past and all zero once the target has come', () => {
    expect(countdownParts(now, now)).toEqual({ past: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(now - 5000, now)).toEqual({ past: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('should phrase the time left, leaving out empty leading units', () => {
    expect(countdownText({ past: false, days: 2, hours: 0, minutes: 4, seconds: 5 })).toBe('2d 0h 4m 5s');
    expect(countdownText({ past: false, days: 0, hours: 1, minutes: 0, seconds: 9 })).toBe('1h 0m 9s');
    expect(countdownText({ past: false, days: 0, hours: 0, minutes: 0, seconds: 9 })).toBe('0m 9s');
  });
});
