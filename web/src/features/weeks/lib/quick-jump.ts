import { SEASON_PART_LABELS, SEASON_PARTS, seasonPartOf, weekLabel } from '@powerpool/contracts';
import type { SeasonPart } from '@powerpool/contracts';

export interface QuickJumpGroup {
  part: SeasonPart;
  /** "Preseason", "Regular Season", "Postseason". */
  label: string;
  weeks: Array<{ weekNumber: number; label: string }>;
}

/**
 * The Quick Jump's option groups (admin spec section 2): the season's weeks in order, grouped into
 * Preseason, Regular Season and Postseason (empty groups left out). `include` (the week on screen)
 * is added when the season has no such week, so the selector always shows where the viewer is.
 */
export function quickJumpGroups(weeks: ReadonlyArray<{ weekNumber: number; displayName?: string | null }>, include?: number): QuickJumpGroup[] {
  const labels = new Map<number, string>();
  for (const week of weeks) labels.set(week.weekNumber, week.displayName || weekLabel(week.weekNumber));
  if (include !== undefined && !labels.has(include)) labels.set(include, weekLabel(include));
  const ordered = [...labels.entries()].sort(([a], [b]) => a - b);
  return SEASON_PARTS.map((part) => ({
    part,
    label: SEASON_PART_LABELS[part],
    weeks: ordered.filter(([n]) => seasonPartOf(n) === part).map(([weekNumber, label]) => ({ weekNumber, label })),
  })).filter((group) => group.weeks.length > 0);
}
