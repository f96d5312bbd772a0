/**
 * The notifications rules (the notifications service applies them; the SPA shows them): the kinds,
 * the channels, the reminder slots and the nudge's interval (docs/notifications.md). No zod.
 */

/** What a person can be told, each turned on or off per channel (docs/notifications.md#kinds). */
export const NOTIFICATION_KINDS = ['picks_reminder', 'week_published', 'week_results', 'nudge'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The default of each kind and channel (docs/notifications.md#preferences): e-mail on for the picks
 * reminder, the nudge and the week's results, off for the week published; push on for every kind
 * (it reaches nobody until they subscribe a browser, which is their yes).
 */
export function defaultPreference(kind: NotificationKind, channel: NotificationChannel): boolean {
  if (channel === 'push') return true;
  return kind !== 'week_published';
}

/** The picks reminders before a week's deadline, each turned on or off per pool by its commissioner. */
export const REMINDER_SLOTS = ['24h', '1h'] as const;
export type ReminderSlot = (typeof REMINDER_SLOTS)[number];
export const REMINDER_SLOT_MS: Readonly<Record<ReminderSlot, number>> = { '24h': 24 * 3_600_000, '1h': 3_600_000 };

/** A pool week is nudged at most once in this long (docs/notifications.md#nudge). */
export const NUDGE_INTERVAL_MS = 3_600_000;

/** The kinds that ask a player to make their picks: one e-mail of them at a time (docs/notifications.md#one-picks-e-mail-at-a-time). */
export const PICKS_EMAIL_KINDS: readonly NotificationKind[] = ['picks_reminder', 'nudge', 'week_published'];

/** A person gets at most one picks e-mail of a pool week in this long (docs/notifications.md#one-picks-e-mail-at-a-time). */
export const PICKS_EMAIL_QUIET_MS = 30 * 60_000;

/** The words of each kind, for the preferences screen and the e-mail footers. */
export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  picks_reminder: 'Picks reminders',
  week_published: 'Week published',
  week_results: 'Week results',
  nudge: "Commissioner's nudge",
};
