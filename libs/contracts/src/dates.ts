/**
 * Central time without Intl (docs/screens.md#times-and-toasts: displayed times are Central time).
 * The SPA and the server's messages (e-mails, push) share the one format of an instant, "Sun, Jan
 * 11, 2026, 3:20 PM CST", and the SPA builds its other formats from the same `centralTime`.
 *
 * Why not Intl.DateTimeFormat: a page's first Intl formatter loads the browser's ICU data, a
 * 50-120 ms task on our VM and four times that on Lighthouse's phone, on every signed-in screen
 * (docs/screens.md#main-thread-time). America/Chicago's rule since 2007 is two lines of
 * arithmetic: daylight time (CDT, UTC-5) from the second Sunday of March at 2:00 CST to the first
 * Sunday of November at 2:00 CDT, standard time (CST, UTC-6) otherwise. Instants outside the years
 * that rule covers (`RULE_YEARS`) ask Intl, which knows the zone's history; the tests compare the
 * two hour by hour over the years the rule covers. Should the law change, `RULE_YEARS` ends where
 * it changes. No zod: the SPA's first load has this (docs/screens.md#data-loading).
 */

/** The time zone of every date and time shown. */
export const TIME_ZONE = 'America/Chicago';

/** Years whose instants are computed by the rule above; others ask Intl. */
export const RULE_YEARS = { first: 2007, last: 2099 } as const;

/** An instant's wall-clock fields in Central time. */
export interface CentralTime {
  year: number;
  /** 0 = January. */
  month: number;
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  /** 0-23. */
  hour: number;
  minute: number;
  second: number;
  /** "CST" or "CDT" (Intl's name for instants outside `RULE_YEARS`). */
  zone: string;
}

export const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC instant of the first Sunday on or after `day` of `month`, at `utcHour`. */
function sundayOnOrAfter({ year, month, day, utcHour }: { year: number; month: number; day: number; utcHour: number }): number {
  const midnight = Date.UTC(year, month, day);
  const weekday = new Date(midnight).getUTCDay();
  return midnight + ((7 - weekday) % 7) * DAY_MS + utcHour * HOUR_MS;
}

/** Is `ms` in daylight time? Starts 2:00 CST = 08:00 UTC, ends 2:00 CDT = 07:00 UTC. */
function isDaylight(ms: number, year: number): boolean {
  return ms >= sundayOnOrAfter({ year, month: 2, day: 8, utcHour: 8 }) && ms < sundayOnOrAfter({ year, month: 10, day: 1, utcHour: 7 });
}

let intlFormat: Intl.DateTimeFormat | undefined;

/** Outside `RULE_YEARS`: Intl's answer, with the zone's whole history. */
function centralTimeFromIntl(date: Date): CentralTime {
  intlFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    weekday: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  });
  const parts = new Map(intlFormat.formatToParts(date).map((part) => [part.type, part.value]));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.get(type));
  return {
    year: field('year'),
    month: field('month') - 1,
    day: field('day'),
    weekday: (WEEKDAY_NAMES as readonly string[]).indexOf(parts.get('weekday') ?? ''),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
    zone: parts.get('timeZoneName') ?? '',
  };
}

/** The Central-time wall clock of a valid date. */
export function centralTime(date: Date): CentralTime {
  const ms = date.getTime();
  // No transition is within six hours of a new year, so the UTC-6 year is the instant's year.
  const year = new Date(ms - 6 * HOUR_MS).getUTCFullYear();
  if (year < RULE_YEARS.first || year > RULE_YEARS.last) return centralTimeFromIntl(date);
  const daylight = isDaylight(ms, year);
  const wall = new Date(ms - (daylight ? 5 : 6) * HOUR_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth(),
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    zone: daylight ? 'CDT' : 'CST',
  };
}

export type DateInput = string | number | Date | null | undefined;

/** The instant `value` stands for, or null when missing or unreadable. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** "3:20 PM" or, with seconds, "3:20:05 PM": the 12-hour clock of en-US. */
export function clockText(t: CentralTime, withSeconds = false): string {
  const hour = t.hour % 12 === 0 ? 12 : t.hour % 12;
  return `${hour}:${twoDigits(t.minute)}${withSeconds ? `:${twoDigits(t.second)}` : ''} ${t.hour < 12 ? 'AM' : 'PM'}`;
}

/** "Sun, Jan 11": weekday, month and day. */
export function dayText(t: CentralTime): string {
  return `${WEEKDAY_NAMES[t.weekday]}, ${MONTH_NAMES[t.month]} ${t.day}`;
}

/** `write` of `value`'s Central time, or the fallback when it is missing or unreadable: how every format is made. */
export function formatCentral(value: DateInput, fallback: string, write: (t: CentralTime) => string): string {
  const date = toDate(value);
  return date ? write(centralTime(date)) : fallback;
}

/** "Sun, Jan 11, 2026, 3:20 PM CST": an instant in Central time, or the fallback. */
export function formatDateTime(value: DateInput, fallback = 'N/A'): string {
  return formatCentral(value, fallback, (t) => `${dayText(t)}, ${t.year}, ${clockText(t)} ${t.zone}`);
}
