/** Game times and deadlines are shown in the America/Chicago time zone (admin spec section 9). */
export const GAME_TIME_ZONE = 'America/Chicago';

const kickoffFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: GAME_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: GAME_TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Thu, Sep 4, 7:20 PM CDT" in Chicago time, or the fallback. */
export function formatKickoff(iso: string | null | undefined, fallback = 'TBD'): string {
  const date = valid(iso);
  return date ? kickoffFormat.format(date) : fallback;
}

/** "Thursday, September 4, 2025 at 7:10 PM CDT" in Chicago time, or the fallback. */
export function formatCentralDateTime(iso: string | null | undefined, fallback = 'Not set'): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : fallback;
}

export interface CountdownParts {
  /** True once the target time has come. */
  past: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left until `target` at `now` (both epoch ms), in whole seconds; all zero once past. */
export function countdownParts(target: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((target - now) / 1000));
  return {
    past: target <= now,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** "2d 3h 4m 5s" (days and hours only when there are any), for a screen reader or a title. */
export function countdownText(parts: CountdownParts): string {
  const units: string[] = [];
  if (parts.days > 0) units.push(`${parts.days}d`);
  if (parts.days > 0 || parts.hours > 0) units.push(`${parts.hours}h`);
  units.push(`${parts.minutes}m`, `${parts.seconds}s`);
  return units.join(' ');
}
