import { CONFIDENCE_RANKS } from '@powerpool/contracts';
import type { PickStats, ScoringReviewRow } from '@powerpool/contracts';

/** docs/week.md#scoring: progress percent = round(completed users / total users x 100). */
export function pickCompletion({ totalUsers, completedUsers }: PickStats): { completed: number; total: number; percent: number } {
  const total = Math.max(0, totalUsers);
  const completed = Math.min(total, Math.max(0, completedUsers));
  return { completed, total, percent: total === 0 ? 0 : Math.round((completed / total) * 100) };
}

export type ReviewSort = 'points' | 'name';

/**
 * The scoring review's order (docs/week.md#scoring): by total points, highest first, with the
 * rows that could not be calculated last; or by name. Ties go by name.
 */
export function sortReviewRows(rows: readonly ScoringReviewRow[], sort: ReviewSort): ScoringReviewRow[] {
  const byName = (a: ScoringReviewRow, b: ScoringReviewRow) => a.displayName.localeCompare(b.displayName, undefined, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (sort === 'name') return byName(a, b);
    if (a.hasCalculationError !== b.hasCalculationError) return a.hasCalculationError ? 1 : -1;
    return b.totalPoints - a.totalPoints || byName(a, b);
  });
}

/** True when the row has a pick of each confidence rank (3, 2 and 1). */
export const hasAllConfidencePicks = (row: Pick<ScoringReviewRow, 'picks'>): boolean =>
  CONFIDENCE_RANKS.every((rank) => row.picks.some((pick) => !pick.isPowerPick && pick.confidenceRank === rank));

/** COMPLETE's counts: members who picked anything, and members with all three confidence picks. */
export function participation(rows: readonly ScoringReviewRow[]): { members: number; participants: number; picksCompleted: number } {
  return {
    members: rows.length,
    participants: rows.filter((row) => row.picks.length > 0).length,
    picksCompleted: rows.filter(hasAllConfidencePicks).length,
  };
}

/** "3 users", "1 user". */
export const usersCount = (n: number): string => `${n} ${n === 1 ? 'user' : 'users'}`;

/** An error message cut to `max` characters with an ellipsis (the full text goes in a tooltip). */
export function truncate(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
