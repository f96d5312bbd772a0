import { COUNTDOWN_WARNING_MS } from './countdown';
import { describe, expect, it } from 'vitest';
import { countdownDisplay, DEADLINE_PASSED, TIME_REMAINING } from './countdown';

const deadline = '2025-09-07T16:50:00.000Z';
const at = Date.parse(deadline);
const second = 1000;
const hour = 3600 * second;
const day = 24 * hour;
const local = (d: Date) => `LOCAL(${d.toISOString()})`;

describe('countdownDisplay', () => {
  it('should read Nd HH:MM:SS when one or more days remain', () => {
    expect(countdownDisplay(deadline, at - (2 * day + 3 * hour + 4 * 60 * second + 5 * second))).toEqual({
      label: TIME_REMAINING,
      text: '2d 03:04:05',
      tone: 'normal',
      expired: false,
    });
    expect(countdownDisplay(deadline, at - day).text).toBe('1d 00:00:00');
    expect(countdownDisplay(deadline, at - (10 * day + 23 * hour)).text).toBe('10d 23:00:00');
  });

  it('should read HH:MM:SS when less than a day remains', () => {
    expect(countdownDisplay(deadline, at - (day - second)).text).toBe('23:59:59');
    expect(countdownDisplay(deadline, at - (12 * hour + 5 * second)).text).toBe('12:00:05');
    expect(countdownDisplay(deadline, at - 59 * second).text).toBe('00:00:59');
  });

  it('should round a part second up, so the last second shows 00:00:01 until the deadline', () => {
    expect(countdownDisplay(deadline, at - 400).text).toBe('00:00:01');
    expect(countdownDisplay(deadline, at - 400).expired).toBe(false);
  });

  it('should be plain from 6 hours on and amber under 6 hours', () => {
    expect(countdownDisplay(deadline, at - COUNTDOWN_WARNING_MS - second).tone).toBe('normal');
    expect(countdownDisplay(deadline, at - COUNTDOWN_WARNING_MS).tone).toBe('normal');
    expect(countdownDisplay(deadline, at - COUNTDOWN_WARNING_MS + second).tone).toBe('warning');
    expect(countdownDisplay(deadline, at - second).tone).toBe('warning');
  });

  it('should be expired (red) with the due date in local time once no time is left', () => {
    const expired = { label: DEADLINE_PASSED, text: `EXPIRED - Picks were due LOCAL(${deadline})`, tone: 'expired', expired: true };
    expect(countdownDisplay(deadline, at, { formatLocal: local })).toEqual(expired);
    expect(countdownDisplay(deadline, at + 3 * day, { formatLocal: local })).toEqual(expired);
  });

  it('should be expired before the deadline once the week has moved past PUBLISHED (the Testing tab started the games)', () => {
    const expired = { label: DEADLINE_PASSED, text: `EXPIRED - Picks were due LOCAL(${deadline})`, tone: 'expired', expired: true };
    expect(countdownDisplay(deadline, at - 9 * hour, { picksClosed: true, formatLocal: local })).toEqual(expired);
    expect(countdownDisplay(deadline, at - 9 * hour, { picksClosed: false, formatLocal: local }).expired).toBe(false);
  });

  it('should write the due date as every date of the app by default (Central time, named)', () => {
    expect(countdownDisplay('2025-09-07T16:50:00Z', Date.parse('2025-09-07T17:00:00Z')).text).toBe('EXPIRED - Picks were due Sun, Sep 7, 2025, 11:50 AM CDT');
  });
});
