import { SEASON_PART_LABELS, SEASON_PARTS, seasonPartOf, weekTitle } from '@powerpool/contracts';
import type { SeasonPart } from '@powerpool/contracts';

/** A week a quick jump offers (the server decides which weeks a pool has: docs/week.md#week-numbers). */
export interface QuickJumpWeek {
  weekNumber: number;
}

export interface QuickJumpGroup {
  part: SeasonPart;
  /** "Preseason", "Regular Season", "Postseason". */
  label: string;
  weeks: Array<{ weekNumber: number; label: string }>;
}

/**
 * The option groups of a week selector (week management's Quick Jump, docs/screens.md#week-management; the
 * live leaderboard's Jump to Week, docs/screens.md#live-leaderboard): the season's weeks in order, grouped into
 * Preseason, Regular Season and Postseason (empty groups left out). `include` (the week on screen)
 * is added when the season has no such week, so the selector always shows where the viewer is.
 */
export function quickJumpGroups(weeks: readonly QuickJumpWeek[], include?: number): QuickJumpGroup[] {
  const labels = new Map<number, string>();
  for (const week of weeks) labels.set(week.weekNumber, weekTitle(week.weekNumber));
  if (include !== undefined && !labels.has(include)) labels.set(include, weekTitle(include));
  const ordered = [...labels.entries()].sort(([a], [b]) => a - b);
  return SEASON_PARTS.map((part) => ({
    part,
    label: SEASON_PART_LABELS[part],
    weeks: ordered.filter(([n]) => seasonPartOf(n) === part).map(([weekNumber, label]) => ({ weekNumber, label })),
  })).filter((group) => group.weeks.length > 0);
}
