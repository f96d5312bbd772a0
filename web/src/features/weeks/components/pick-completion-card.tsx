import { Users } from 'lucide-react';
import { errorText, InlineError } from '../../../components/layout/query-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ProgressBar } from '../../../components/ui/progress';
import { usePickStats } from '../api/get-pick-stats';
import { pickCompletion } from '../lib/scoring-review';

/** PUBLISHED: how many of the pool's active members have saved their three picks (docs/screens.md#week-management). */
export function PickCompletionCard({ poolId, weekNumber, pickDeadline }: { poolId: string; weekNumber: number; pickDeadline: string | null }) {
  const stats = usePickStats(poolId, weekNumber, { pickDeadline });
  return (
    <Card data-testid="pick-completion">
      <CardHeader className="max-sm:p-4">
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-primary" aria-hidden="true" />
          Pick Completion
        </CardTitle>
        <CardDescription>Members who have saved all three confidence picks.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 max-sm:px-4 max-sm:pb-4">
        {stats.isPending ? (
          <p className="text-sm text-muted-foreground">Loading pick stats...</p>
        ) : stats.isError ? (
          <InlineError
            title="Unable to load pick stats"
            message={errorText(stats.error, 'Failed to load pick stats.')}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          <Completion {...pickCompletion(stats.data)} />
        )}
      </CardContent>
    </Card>
  );
}

function Completion({ completed, total, percent }: { completed: number; total: number; percent: number }) {
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-medium">
          <span className="text-2xl font-bold tabular-nums">{completed}</span> / {total} users completed
        </p>
        <span className="text-sm text-muted-foreground tabular-nums">{percent}%</span>
      </div>
      <ProgressBar value={percent} label="Pick completion" />
    </>
  );
}
