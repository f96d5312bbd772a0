import { PICK_MESSAGES } from '@powerpool/contracts';
import type { SavedPick, ScoringReviewRow } from '@powerpool/contracts';
import { Download, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { TeamLogo } from '@/components/team-logo';
import { Badge } from '@/components/ui/badge';
import type { BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ResponsiveTable } from '@/components/ui/responsive-table';
import type { ResponsiveColumn } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/dates';
import { useExportWeekCsv } from '@/features/weeks/api/export-week-csv';
import { useScoringReview } from '@/features/weeks/api/get-scoring-review';
import { sortReviewRows, truncate, usersCount } from '@/features/weeks/lib/scoring-review';
import type { ReviewSort } from '@/features/weeks/lib/scoring-review';

const RESULT_VARIANTS: Record<SavedPick['result'], BadgeVariant> = { WIN: 'success', LOSS: 'destructive', PUSH: 'muted', PENDING: 'outline' };
const POWER_EFFECT_TEXT = { x2: 'x2', x0: 'x0', push: 'Push', none: 'None', pending: 'Pending' } as const;

/**
 * The scoring review (SCORING, and read only in COMPLETE): every member's picks and points as
 * last calculated, by total points (calculation errors last) or by name, with its CSV export.
 */
export function ScoringReviewTable({
  poolId,
  weekNumber,
  title = 'Scoring Review',
  exportFailure,
}: {
  poolId: string;
  weekNumber: number;
  title?: string;
  exportFailure: string;
}) {
  const review = useScoringReview(poolId, weekNumber);
  const [sort, setSort] = useState<ReviewSort>('points');
  const sortId = useId();
  const exporting = useExportWeekCsv();
  const [exportError, setExportError] = useState<string | null>(null);

  function exportCsv() {
    setExportError(null);
    exporting.mutate({ poolId, weekNumber }, { onError: () => setExportError(exportFailure) });
  }

  return (
    <Card data-testid="scoring-review">
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>
            {review.data
              ? `${usersCount(review.data.rows.length)} · ${review.data.calculatedAt ? `calculated ${formatDateTime(review.data.calculatedAt)}` : 'not calculated yet'}`
              : 'Every member’s picks and points.'}
          </CardDescription>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex items-center gap-2">
            <Label htmlFor={sortId}>Sort:</Label>
            <NativeSelect id={sortId} value={sort} onChange={(e) => setSort(e.target.value as ReviewSort)} className="w-40">
              <option value="points">Total points</option>
              <option value="name">Name</option>
            </NativeSelect>
          </div>
          <Button variant="outline" onClick={exportCsv} disabled={exporting.isPending}>
            {exporting.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
            Export CSV
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 max-sm:px-4 max-sm:pb-4">
        {exportError ? (
          <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="export-error">
            {exportError}
          </p>
        ) : null}
        {review.isPending ? (
          <InlineLoading label="Loading scoring review..." />
        ) : review.isError ? (
          <InlineError
            title="Unable to load the scoring review"
            message={errorText(review.error, 'Failed to load the scoring review.')}
            onRetry={() => void review.refetch()}
            retrying={review.isFetching}
          />
        ) : review.data.rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No members to review.</p>
        ) : (
          <>
            <ResponsiveTable
              rows={sortReviewRows(review.data.rows, sort)}
              columns={review.data.rows.some((row) => row.tiebreaker !== undefined) ? [...COLUMNS, TIEBREAKER_COLUMN] : COLUMNS}
              rowKey={(row) => row.userId}
              label={title}
              testId="review"
              breakpoint="lg"
            />
            {review.data.rows.some((row) => row.picks.some((pick) => pick.enteredByCommissioner)) ? (
              <p className="text-xs text-muted-foreground">* entered by the commissioner (emergency pick entry)</p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const errorBadge = <Badge variant="destructive">{PICK_MESSAGES.calculationErrorBadge}</Badge>;

const COLUMNS: Array<ResponsiveColumn<ScoringReviewRow>> = [
  {
    id: 'player',
    header: 'Player',
    card: 'title',
    cell: (row) => (
      <span className="grid">
        <span className="inline-flex flex-wrap items-center gap-2 font-medium">
          {row.displayName}
          {row.isWeekWinner ? (
            <Badge variant="success" data-testid="review-week-winner">
              {PICK_MESSAGES.weekWinner}
            </Badge>
          ) : null}
        </span>
        <span className="text-xs text-muted-foreground">{row.email}</span>
      </span>
    ),
  },
  { id: 'picks', header: 'Picks', card: 'field', cell: (row) => <ReviewPicks picks={row.picks} /> },
  {
    id: 'raw',
    header: 'Raw Points',
    card: 'meta',
    align: 'end',
    className: 'tabular-nums',
    cell: (row) => (row.hasCalculationError ? errorBadge : row.rawPoints),
    cardCell: (row) => (row.hasCalculationError ? errorBadge : `Raw ${row.rawPoints}`),
  },
  {
    id: 'power',
    header: 'Power Effect',
    card: 'meta',
    align: 'end',
    cell: (row) => (row.hasCalculationError ? errorBadge : POWER_EFFECT_TEXT[row.powerEffect]),
    cardCell: (row) => (row.hasCalculationError ? errorBadge : `Power ${POWER_EFFECT_TEXT[row.powerEffect]}`),
  },
  {
    id: 'total',
    header: 'Final Score',
    card: 'aside',
    align: 'end',
    className: 'tabular-nums',
    cell: (row) =>
      row.hasCalculationError ? (
        <span className="grid justify-items-end text-destructive" data-testid="calculation-error">
          <span className="font-medium">{PICK_MESSAGES.calculationError}</span>
          {row.errorMessage ? (
            <span className="max-w-60 text-xs" title={row.errorMessage}>
              {truncate(row.errorMessage)}
            </span>
          ) : null}
        </span>
      ) : (
        <span className="text-base font-bold">{row.totalPoints}</span>
      ),
  },
];

/** A week with a tiebreaker game (docs/game.md#weekly-winners): each member's predicted total. */
const TIEBREAKER_COLUMN: ResponsiveColumn<ScoringReviewRow> = {
  id: 'tiebreaker',
  header: PICK_MESSAGES.tiebreakerLabel,
  card: 'meta',
  align: 'end',
  className: 'tabular-nums',
  cell: (row) => row.tiebreaker ?? '-',
  cardCell: (row) => `${PICK_MESSAGES.tiebreakerLabel} ${row.tiebreaker ?? '-'}`,
};

/** The member's picks: rank (or Power), team and result. */
function ReviewPicks({ picks }: { picks: readonly SavedPick[] }) {
  if (picks.length === 0) return <span className="text-muted-foreground">No picks</span>;
  const ordered = [...picks].sort((a, b) => Number(a.isPowerPick) - Number(b.isPowerPick) || b.confidenceRank - a.confidenceRank);
  return (
    <span className="flex flex-wrap gap-1">
      {ordered.map((pick) => (
        <Badge
          key={pick.id}
          variant={RESULT_VARIANTS[pick.result]}
          title={`${pick.result}${pick.enteredByCommissioner ? ', entered by the commissioner' : ''}`}
        >
          <TeamLogo team={{ abbreviation: pick.selectedTeamAbbreviation, logoUrl: pick.selectedTeamLogoUrl }} className="size-4 text-[0.4rem]" />
          {pick.isPowerPick ? 'Power' : `${pick.confidenceRank}pt`} {pick.selectedTeamAbbreviation ?? '?'}
          {pick.enteredByCommissioner ? ' *' : ''}
        </Badge>
      ))}
    </span>
  );
}
