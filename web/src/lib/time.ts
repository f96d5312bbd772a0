/** The countdown arithmetic of deadlines (the dates themselves are formatted by ./dates). */

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
