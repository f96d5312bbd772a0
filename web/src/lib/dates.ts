/**
 * Every date and time the SPA shows, in one family (docs/screens.md#times-and-toasts): English month abbreviations, the
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

import { MONTH_NAMES, TIME_ZONE, clockText, dayText, formatCentral, formatDateTime, toDate, type DateInput } from '@powerpool/contracts';

/**
 * The time zone of every date and time shown, and the instant's format (shared with the server's
 * e-mails). Built on `centralTime`, without Intl (libs/contracts/src/dates.ts says why).
 */
export { TIME_ZONE, formatDateTime, toDate, type DateInput };

/** "Sun, Jan 11, 3:30 PM CST": a kickoff of the week shown, in Central time, or the fallback. */
export function formatKickoff(value: DateInput, fallback = 'TBD'): string {
  return formatCentral(value, fallback, (t) => `${dayText(t)}, ${clockText(t)} ${t.zone}`);
}

/** "Jan 11, 2026": the Central-time day of an instant, or the fallback. */
export function formatDate(value: DateInput, fallback = 'N/A'): string {
  return formatCentral(value, fallback, (t) => `${MONTH_NAMES[t.month]} ${t.day}, ${t.year}`);
}

/** "3:20:05 PM CST": the Central time of day of an instant, to the second, or the fallback. */
export function formatClockTime(value: DateInput, fallback = ''): string {
  return formatCentral(value, fallback, (t) => `${clockText(t, true)} ${t.zone}`);
}

/**
 * A pattern that matches any text this module produces (and nothing in another family, such as
 * "11/25/2026, 4:23:49 AM" or "Wednesday, November 25, 2026"): for tests that check a screen.
 */
export const DATE_FAMILY_PATTERN =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(?:, \d{4})?, \d{1,2}:\d{2} [AP]M C[SD]T|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}|\d{1,2}:\d{2}:\d{2} [AP]M C[SD]T)$/;
