import { PICK_MESSAGES, pointsText, weekTitle } from '@powerpool/contracts';
import type { WeeklyScoringReview } from '@powerpool/contracts';
import { errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { TeamLogo } from '@/components/team-logo';
import { Badge } from '@/components/ui/badge';
import type { BadgeVariant } from '@/components/ui/badge';
import { useWeeklyScoringReview } from '@/features/leaderboard/api/get-weekly-scoring-review';
import { orderedPicks, PICK_RESULT_LABELS, pickRankLabel, weeksWon, weekTotals } from '@/features/leaderboard/lib/leaderboard';

const RESULT_VARIANTS = { WIN: 'success', LOSS: 'destructive', PUSH: 'muted', PENDING: 'outline' } as const satisfies Record<string, BadgeVariant>;

/** A player's weekly pick details (docs/screens.md#season-leaderboard): per completed week, the picks with result and points, the power effect and the totals. */
export function WeeklyBreakdown({ userId, poolId }: { userId: string; poolId: string }) {
  const review = useWeeklyScoringReview(userId, poolId);
  if (review.isPending) return <InlineLoading label="Loading weekly picks..." className="py-6" />;
  if (review.isError) {
    return (
      <InlineError
        title="Unable to load weekly picks"
        message={errorText(review.error, 'Failed to load weekly picks.')}
        onRetry={() => void review.refetch()}
        retrying={review.isFetching}
        className="py-6"
      />
    );
  }
  if (review.data.length === 0) return <p className="py-4 text-center text-sm text-muted-foreground">No completed weeks yet.</p>;
  const won = weeksWon(review.data);
  return (
    <div className="grid gap-3 py-2" data-testid="weekly-breakdown">
      {won !== null ? (
        <p className="text-sm text-muted-foreground" data-testid="weeks-won">
          Weeks won: <span className="font-semibold text-foreground tabular-nums">{won}</span>
        </p>
      ) : null}
      {[...review.data]
        .sort((a, b) => a.weekNumber - b.weekNumber)
        .map((week) => (
          <WeekRow key={week.weekNumber} week={week} />
        ))}
    </div>
  );
}

function WeekRow({ week }: { week: WeeklyScoringReview }) {
  const totals = weekTotals(week);
  return (
    <div className="rounded-lg border bg-background p-3 text-sm" data-testid="breakdown-week">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-semibold">{weekTitle(week.weekNumber)}</span>
          {week.isWeekWinner ? <Badge variant="success">{PICK_MESSAGES.weekWinner}</Badge> : null}
          {week.tiebreaker !== undefined ? (
            <span className="text-xs text-muted-foreground">
              {PICK_MESSAGES.tiebreakerLabel}: {week.tiebreaker ?? '-'}
            </span>
          ) : null}
        </span>
        {totals.kind === 'ok' ? (
          <span className="flex flex-wrap gap-3 text-muted-foreground">
            <span>
              Raw: <span className="font-semibold text-foreground tabular-nums">{totals.raw}</span>
            </span>
            <span>
              Power: <span className="font-semibold text-foreground">{totals.power}</span>
            </span>
            <span>
              Final: <span className="font-semibold text-foreground tabular-nums">{totals.final}</span>
            </span>
          </span>
        ) : (
          <span className="flex flex-wrap items-center gap-2 text-muted-foreground">
            Raw: <Badge variant="destructive">Error</Badge>
            Power: <Badge variant="destructive">Error</Badge>
            <span className="text-destructive" title={week.errorMessage ?? undefined}>
              Could not calculate{totals.message ? `: ${totals.message}` : ''}
            </span>
          </span>
        )}
      </div>
      {week.picks.length === 0 ? (
        <p className="text-muted-foreground">No picks</p>
      ) : (
        <ul className="grid gap-1 sm:grid-cols-2">
          {orderedPicks(week.picks).map((pick) => (
            <li key={pick.id} className="flex items-center gap-2 sm:pr-6">
              <span className="w-12 text-xs font-bold text-muted-foreground">{pickRankLabel(pick)}</span>
              <TeamLogo team={{ abbreviation: pick.selectedTeamAbbreviation, logoUrl: pick.selectedTeamLogoUrl }} className="size-5 text-[0.45rem]" />
              <span className="font-medium">{pick.selectedTeamAbbreviation ?? pick.selectedTeamEspnId}</span>
              <Badge variant={RESULT_VARIANTS[pick.result]}>{PICK_RESULT_LABELS[pick.result]}</Badge>
              <span className="ml-auto tabular-nums text-muted-foreground">{pick.pointsEarned === null ? '-' : pointsText(pick.pointsEarned)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
