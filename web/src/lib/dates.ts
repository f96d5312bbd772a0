/**
 * Every date and time the SPA shows, in one family (issue 19): English month abbreviations, the
 * America/Chicago time zone (docs/screens.md#times-and-toasts: displayed times are
 * Central time) and its abbreviation (CST or CDT) whenever a time of day is shown.
 *
 *   formatDateTime  "Sun, Jan 11, 2026, 3:20 PM CST"  an instant: picks deadlines, transition
 *                                                      history, overrides, scores calculated,
 *                                                      picks saved, invitation expiry (join page)
 *   formatKickoff   "Sun, Jan 11, 3:30 PM CST"        a kickoff of the week being shown (its year
 *                                                      is the week's); staging, which spans
 *                                                      seasons, uses formatDateTime
 *   formatDate      "Jan 11, 2026"                    a day: created, last active, invitation
 *                                                      expiry in the invitations list
 *   formatClockTime "3:20:05 PM CST"                  a time of today: "Updated ..." of a live board
 *
 * Each takes an ISO string, a Date or epoch milliseconds and returns `fallback` when the value is
 * missing or unreadable. No screen formats a date any other way (no toLocaleString).
 */

import { TIME_ZONE, formatDateTime, plainSpaces } from '@powerpool/contracts';

/** The time zone of every date and time shown, and the instant's format (shared with the server's e-mails). */
export { TIME_ZONE, formatDateTime };

const LOCALE = 'en-US';

const kickoffFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dateFormat = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });

const clockTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export type DateInput = string | number | Date | null | undefined;

/** The instant `value` stands for, or null when missing or unreadable. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const plain = plainSpaces;

function format(formatter: Intl.DateTimeFormat, value: DateInput, fallback: string): string {
  const date = toDate(value);
  return date ? plain(formatter.format(date)) : fallback;
}

/** "Sun, Jan 11, 3:30 PM CST": a kickoff of the week shown, in Central time, or the fallback. */
export function formatKickoff(value: DateInput, fallback = 'TBD'): string {
  return format(kickoffFormat, value, fallback);
}

/** "Jan 11, 2026": the Central-time day of an instant, or the fallback. */
export function formatDate(value: DateInput, fallback = 'N/A'): string {
  return format(dateFormat, value, fallback);
}

/** "3:20:05 PM CST": the Central time of day of an instant, to the second, or the fallback. */
export function formatClockTime(value: DateInput, fallback = ''): string {
  return format(clockTimeFormat, value, fallback);
}

/**
 * A pattern that matches any text this module produces (and nothing in another family, such as
 * "11/25/2026, 4:23:49 AM" or "Wednesday, November 25, 2026"): for tests that check a screen.
 */
export const DATE_FAMILY_PATTERN =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(?:, \d{4})?, \d{1,2}:\d{2} [AP]M C[SD]T|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}|\d{1,2}:\d{2}:\d{2} [AP]M C[SD]T)$/;
