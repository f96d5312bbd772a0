import type { NotificationChannel, NotificationKind, NotificationPreference, NotificationPreferencesReply } from '@powerpool/contracts';
import { defaultPreference } from '@powerpool/contracts';

/** The kinds in the order the Profile section lists them (docs/screens.md#profile). */
export const PROFILE_KINDS: readonly NotificationKind[] = ['picks_reminder', 'nudge', 'week_results', 'week_published'];

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = { email: 'E-mail', push: 'Push' };

/** Whether `kind` on `channel` is on: the stored choice, else the default. */
export function isEnabled(preferences: readonly NotificationPreference[], kind: NotificationKind, channel: NotificationChannel): boolean {
  return preferences.find((p) => p.kind === kind && p.channel === channel)?.enabled ?? defaultPreference(kind, channel);
}

/** The reply with `changes` applied (the optimistic view of a save). */
export function withPreferences(reply: NotificationPreferencesReply, changes: readonly NotificationPreference[]): NotificationPreferencesReply {
  const changed = (p: NotificationPreference) => changes.find((c) => c.kind === p.kind && c.channel === p.channel);
  const kept = reply.preferences.map((p) => changed(p) ?? p);
  const added = changes.filter((c) => !reply.preferences.some((p) => p.kind === c.kind && p.channel === c.channel));
  return { ...reply, preferences: [...kept, ...added] };
}

/**
 * Make Picks' reminder offer (docs/screens.md#make-picks-reminder-offer) is remembered in this
 * browser per user (the preferences contract has no place for it): `accepted` or `dismissed`.
 */
export function reminderOfferKey(userId: string): string {
  return `powerpool:reminder-offer:${userId}`;
}

export type ReminderOfferAnswer = 'accepted' | 'dismissed';

/** The stored answer to the offer, or null (none yet, or storage unavailable: a private window may refuse it). */
export function readOfferAnswer(storage: Pick<Storage, 'getItem'> | undefined, userId: string): ReminderOfferAnswer | null {
  try {
    const value = storage?.getItem(reminderOfferKey(userId));
    return value === 'accepted' || value === 'dismissed' ? value : null;
  } catch {
    return null;
  }
}

/** Keeps the answer; storage that refuses it only means the offer may come back after a reload. */
export function writeOfferAnswer(storage: Pick<Storage, 'setItem'> | undefined, userId: string, answer: ReminderOfferAnswer): void {
  try {
    storage?.setItem(reminderOfferKey(userId), answer);
  } catch {
    // Nothing else to do: the offer is hidden for this page view anyway.
  }
}

/** Whether the offer would change anything: the e-mail reminder is off, or push could still be turned on here. */
export function offerWouldHelp(preferences: readonly NotificationPreference[], pushCanTurnOn: boolean): boolean {
  return !isEnabled(preferences, 'picks_reminder', 'email') || pushCanTurnOn;
}

/** What the offer's one tap changes (docs/screens.md#make-picks-reminder-offer): the e-mail reminder if off, push if it can be turned on here. */
export interface OfferChanges {
  email: boolean;
  push: boolean;
}

export function offerChanges(preferences: readonly NotificationPreference[], pushCanTurnOn: boolean): OfferChanges {
  return { email: !isEnabled(preferences, 'picks_reminder', 'email'), push: pushCanTurnOn };
}

/** The offer's words: only what the tap turns on; e-mail reminders already on are said to be on. */
export function offerText({ email, push }: OfferChanges): { title: string; body: string } {
  if (!email)
    return {
      title: 'Get reminders on this browser too?',
      body: 'E-mail reminders are already on. If you have not saved your picks, this browser will remind you too, a day and an hour before they are due.',
    };
  return {
    title: 'Get a reminder before the deadline?',
    body: `If you have not saved your picks, we remind you a day and an hour before they are due${push ? ', by e-mail and on this browser' : ' by e-mail'}.`,
  };
}
