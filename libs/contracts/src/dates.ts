/**
 * The one format of an instant that the SPA and the server's messages (e-mails, push) share:
 * "Sun, Jan 11, 2026, 3:20 PM CST", America/Chicago (docs/screens.md#times-and-toasts: displayed
 * times are Central time). No zod: the SPA's first screen loads it (docs/screens.md#data-loading).
 */

/** The time zone of every date and time shown. */
export const TIME_ZONE = 'America/Chicago';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** Intl puts a narrow no-break space before AM/PM in recent ICU versions: one plain space everywhere. */
export const plainSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

/** "Sun, Jan 11, 2026, 3:20 PM CST": an instant in Central time, or the fallback. */
export function formatDateTime(value: string | number | Date | null | undefined, fallback = 'N/A'): string {
  if (value === null || value === undefined || value === '') return fallback;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : plainSpaces(dateTimeFormat.format(date));
}
