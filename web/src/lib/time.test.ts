import { describe, expect, it } from 'vitest';
import { countdownParts, countdownText } from './time';

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
