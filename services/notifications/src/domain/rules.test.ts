import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './delivery.js';
import { dueReminderSlot } from './planning.js';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe.js';

const HOUR = 3_600_000;
const deadline = new Date('2025-09-07T16:50:00Z');
const before = (ms: number) => new Date(deadline.getTime() - ms);

describe('dueReminderSlot (docs/notifications.md#reminders)', () => {
  it('should name the 24-hour reminder in the 23 hours before the last one, the 1-hour one in the last hour, and none otherwise', () => {
    expect(dueReminderSlot(deadline, before(25 * HOUR))).toBeNull();
    expect(dueReminderSlot(deadline, before(24 * HOUR))).toBe('24h');
    expect(dueReminderSlot(deadline, before(HOUR + 1))).toBe('24h');
    expect(dueReminderSlot(deadline, before(HOUR))).toBe('1h');
    expect(dueReminderSlot(deadline, before(1))).toBe('1h');
    expect(dueReminderSlot(deadline, deadline)).toBeNull();
    expect(dueReminderSlot(deadline, new Date(deadline.getTime() + 1))).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('should double the wait after each failed attempt', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(30_000, n))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });
});

describe('unsubscribe tokens (docs/notifications.md#unsubscribe)', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const userId = '6f1c2f0e-7f0a-4c51-9d0e-0b8a4d3c2a11';

  it('should read back the person and kind it was made for', () => {
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, 'nudge'))).toEqual({ userId, kind: 'nudge' });
  });

  it('should refuse a token moved to another kind or person, signed with another secret, or malformed', () => {
    const token = unsubscribeToken(secret, userId, 'picks_reminder');
    const sig = token.split('.')[2]!;
    for (const bad of [
      `${userId}.nudge.${sig}`,
      `00000000-0000-0000-0000-000000000000.picks_reminder.${sig}`,
      unsubscribeToken('another-secret-of-thirty-two-characters!', userId, 'picks_reminder'),
      `${userId}.unknown_kind.${sig}`,
      `${token}.extra`,
      'garbage',
    ])
      expect(() => readUnsubscribeToken(secret, bad), bad).toThrow(/not valid/);
  });
});
