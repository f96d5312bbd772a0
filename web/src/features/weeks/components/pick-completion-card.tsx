import { PICKS_EMAIL_QUIET_MS } from '@powerpool/contracts';
import { BellRing, Users } from 'lucide-react';
import { useState } from 'react';
import { errorText, InlineError } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { useTimePassed } from '@/hooks/use-time-passed';
import { formatClockTime } from '@/lib/dates';
import { toastFailure } from '@/lib/toast-error';
import { usePickStats } from '@/features/weeks/api/get-pick-stats';
import { lastNudgeAt, useNudgeStatus, useNudgeWeek } from '@/features/weeks/api/nudge-week';
import { pickCompletion } from '@/features/weeks/lib/scoring-review';

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
        <NudgeButton poolId={poolId} weekNumber={weekNumber} pickDeadline={pickDeadline} />
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

/** What a nudge did, in the commissioner's words. */
function nudgeResultText(nudged: number, justEmailed: number): string {
  const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;
  const skipped =
    justEmailed === 0
      ? ''
      : ` ${players(justEmailed)} who got a picks e-mail in the last ${PICKS_EMAIL_QUIET_MS / 60_000} minutes ${justEmailed === 1 ? 'is' : 'are'} not nudged again.`;
  if (nudged === 0) return justEmailed === 0 ? 'Everyone has picked: nobody to nudge.' : `Nobody nudged.${skipped}`;
  return `Nudged ${players(nudged)} who ${nudged === 1 ? 'has' : 'have'} not picked.${skipped}`;
}

/**
 * The commissioner's Nudge (docs/notifications.md#nudge): reminds those who have not picked, at
 * most once an hour per pool week. The page only reaches commissioners and super admins; the
 * server checks the role and the limit, and its refusal is shown as it words it.
 */
function NudgeButton({ poolId, weekNumber, pickDeadline }: { poolId: string; weekNumber: number; pickDeadline: string | null }) {
  const nudge = useNudgeWeek();
  const status = useNudgeStatus({ poolId, weekNumber });
  const nextNudgeAt = status.data?.nextNudgeAt ?? null;
  const [result, setResult] = useState<string | null>(null);
  const nextPassed = useTimePassed(nextNudgeAt);
  const deadlinePassed = useTimePassed(pickDeadline);
  const waiting = nextNudgeAt !== null && !nextPassed;
  const closed = deadlinePassed || pickDeadline === null;

  function send() {
    nudge.mutate(
      { poolId, weekNumber },
      {
        onSuccess: ({ nudged, justEmailed }) => {
          const text = nudgeResultText(nudged, justEmailed);
          setResult(text);
          toast({ title: 'Nudge Sent', description: text });
        },
        onError: (error) => toastFailure(error, { title: 'Nudge Not Sent', fallback: 'Failed to send the nudge. Please try again.' }),
      },
    );
  }

  const note = closed
    ? 'Nudges stop at the picks deadline.'
    : waiting
      ? `Next nudge possible at ${formatClockTime(new Date(nextNudgeAt))}.`
      : 'Reminds the members who have not saved their picks (at most once an hour).';
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 border-t pt-4" data-testid="nudge">
      <Button
        variant="secondary"
        onClick={send}
        disabled={nudge.isPending || status.isPending || waiting || closed}
        className="pointer-coarse:h-11"
        data-testid="nudge-button"
      >
        <BellRing aria-hidden="true" />
        {nudge.isPending ? 'Nudging...' : waiting ? `Nudged at ${formatClockTime(lastNudgeAt(nextNudgeAt))}` : 'Nudge'}
      </Button>
      <div className="grid gap-0.5 text-sm text-muted-foreground">
        <p role="status" className="empty:hidden" data-testid="nudge-result">
          {result}
        </p>
        <p data-testid="nudge-next">{note}</p>
      </div>
    </div>
  );
}
