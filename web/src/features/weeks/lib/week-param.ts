import { isWeekNumber } from '@powerpool/contracts';

/** The /weeks/{weekNumber} segment, read: a week, a number that is no week, or not a number at all. */
export type WeekParam = { kind: 'week'; weekNumber: number } | { kind: 'invalid' } | { kind: 'format' };

/** docs/screens.md#week-management: the screen's texts for a segment that is not a week. */
export const WEEK_PARAM_ERRORS = {
  invalid: 'Invalid week number',
  format: 'Invalid week number format',
} as const;

/**
 * Reads the segment: an optional minus and digits is a number ("Invalid week number" unless it is
 * a week, -4..22 without 0); anything else ("abc", "1.5", "") is "Invalid week number format".
 */
export function parseWeekParam(raw: string | undefined): WeekParam {
  const text = (raw ?? '').trim();
  if (!/^-?\d+$/.test(text)) return { kind: 'format' };
  const weekNumber = Number(text);
  return isWeekNumber(weekNumber) ? { kind: 'week', weekNumber } : { kind: 'invalid' };
}
