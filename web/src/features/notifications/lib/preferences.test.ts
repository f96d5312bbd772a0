import type { NotificationPreference, NotificationPreferencesReply } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { isEnabled, offerChanges, offerText, offerWouldHelp, readOfferAnswer, reminderOfferKey, withPreferences, writeOfferAnswer } from './preferences';

const stored: NotificationPreference[] = [
  { kind: 'picks_reminder', channel: 'email', enabled: false },
  { kind: 'week_published', channel: 'push', enabled: false },
];

describe('isEnabled', () => {
  it('should read the stored choice, else the default of the kind and channel', () => {
    expect(isEnabled(stored, 'picks_reminder', 'email')).toBe(false);
    expect(isEnabled(stored, 'week_published', 'push')).toBe(false);
    expect(isEnabled(stored, 'nudge', 'email')).toBe(true);
    expect(isEnabled(stored, 'week_published', 'email')).toBe(false);
    expect(isEnabled([], 'week_results', 'push')).toBe(true);
  });
});

describe('withPreferences', () => {
  it('should replace the changed choices, add the new ones and keep the rest', () => {
    const reply: NotificationPreferencesReply = { preferences: stored, pushSubscriptions: 2 };
    const next = withPreferences(reply, [
      { kind: 'picks_reminder', channel: 'email', enabled: true },
      { kind: 'nudge', channel: 'push', enabled: false },
    ]);
    expect(next).toEqual({
      pushSubscriptions: 2,
      preferences: [
        { kind: 'picks_reminder', channel: 'email', enabled: true },
        { kind: 'week_published', channel: 'push', enabled: false },
        { kind: 'nudge', channel: 'push', enabled: false },
      ],
    });
    expect(reply.preferences[0]?.enabled).toBe(false);
  });
});

describe('offerWouldHelp', () => {
  it('should offer while the e-mail reminder is off or push could still be turned on here', () => {
    expect(offerWouldHelp(stored, false)).toBe(true);
    expect(offerWouldHelp([], true)).toBe(true);
    expect(offerWouldHelp([], false)).toBe(false);
  });
});

describe('offerChanges and offerText', () => {
  it('should turn on only what is off, and say so: e-mail reminders already on are said to be on', () => {
    expect(offerChanges(stored, true)).toEqual({ email: true, push: true });
    expect(offerChanges([], true)).toEqual({ email: false, push: true });
    expect(offerText({ email: true, push: false }).body).toBe(
      'If you have not saved your picks, we remind you a day and an hour before they are due by e-mail.',
    );
    expect(offerText({ email: true, push: true }).body).toContain('by e-mail and on this browser');
    const pushOnly = offerText({ email: false, push: true });
    expect(pushOnly.title).toBe('Get reminders on this browser too?');
    expect(pushOnly.body).toMatch(/^E-mail reminders are already on\./);
  });
});

describe('the offer answer in storage', () => {
  it('should keep the answer per user and read back only what it wrote', () => {
    const items = new Map<string, string>();
    const storage = { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
    expect(readOfferAnswer(storage, 'u1')).toBeNull();
    writeOfferAnswer(storage, 'u1', 'dismissed');
    expect(readOfferAnswer(storage, 'u1')).toBe('dismissed');
    expect(readOfferAnswer(storage, 'u2')).toBeNull();
    items.set(reminderOfferKey('u2'), 'maybe');
    expect(readOfferAnswer(storage, 'u2')).toBeNull();
  });

  it('should treat a storage that throws or is missing as no answer, and not throw when writing', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readOfferAnswer(refusing, 'u1')).toBeNull();
    expect(() => writeOfferAnswer(refusing, 'u1', 'accepted')).not.toThrow();
    expect(readOfferAnswer(undefined, 'u1')).toBeNull();
  });
});
