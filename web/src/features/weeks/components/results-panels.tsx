import { PICK_MESSAGES, weekTitle } from '@powerpool/contracts';
import type { WeekStatus } from '@powerpool/contracts';
import { useState } from 'react';
import { Calculator, CircleCheck, CircleSlash, Flag, ListChecks, ListOrdered, LoaderCircle, Users } from 'lucide-react';
import { StatCard } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { useCalculateScores } from '@/features/weeks/api/calculate-scores';
import { usePublishedGames } from '@/features/weeks/api/get-published-games';
import { useScoringReview } from '@/features/weeks/api/get-scoring-review';
import { useTransitionWeek } from '@/features/weeks/api/transition-week';
import { BADGE_CLOCK_MS, useNow } from '@/hooks/use-now';
import { participation } from '@/features/weeks/lib/scoring-review';
import { announceTransition } from './announce-transition';
import { PublishedGamesGrid } from './published-games-grid';
import { PublishedGamesSection } from './published-games-section';
import { ScoringReviewTable } from './scoring-review-table';

/** What the Complete Week confirmation says (the week's results are frozen by it). */
export const COMPLETE_WEEK_WARNING = 'Results become final and count in the season standings. After this only a commissioner correction changes them.';

/** "Complete Week 5?", "Complete Wild Card (Week 19)?". */
export function completeWeekTitle(weekNumber: number): string {
  return `Complete ${weekTitle(weekNumber)}?`;
}

/**
 * SCORING: Calculate User Scores, Complete Week, the scoring review (with its CSV), and the game
 * results against the locked spreads (cover, push, void).
 */
export function ScoringPanel({ status }: { status: WeekStatus }) {
  const { poolId, weekNumber } = status;
  const now = useNow(BADGE_CLOCK_MS);
  const games = usePublishedGames(poolId, weekNumber);
  const transition = useTransitionWeek({ onSuccess: announceTransition });
  const calculate = useCalculateScores();

  function calculateScores() {
    calculate.mutate(
      { poolId, weekNumber },
      {
        onSuccess: (reply) => toast({ title: 'Scores Calculated', description: reply.message }),
        onError: (error) => toastFailure(error, { title: PICK_MESSAGES.calculationFailedTitle, fallback: PICK_MESSAGES.calculationFailedTitle }),
      },
    );
  }

  const [confirmComplete, setConfirmComplete] = useState(false);

  // Completing freezes the week: asked first, like the other changes that cannot be taken back.
  function completeWeek() {
    transition.mutate(
      { poolId, weekNumber, target: 'complete' },
      {
        onSuccess: () => setConfirmComplete(false),
        onError: (error) => {
          setConfirmComplete(false);
          toastFailure(error, { title: 'Transition Failed', fallback: 'Failed to complete week' });
        },
      },
    );
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
          <div className="grid gap-1.5">
            <CardTitle>Review and Complete</CardTitle>
            <CardDescription>Every game is final. Calculate the scores, check the review below, then complete the week to make them official.</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={calculateScores} disabled={calculate.isPending}>
              {calculate.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Calculator aria-hidden="true" />}
              Calculate User Scores
            </Button>
            <Button onClick={() => setConfirmComplete(true)} disabled={transition.isPending}>
              {transition.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Flag aria-hidden="true" />}
              Complete Week
            </Button>
          </div>
        </CardHeader>
      </Card>
      <ConfirmDialog
        open={confirmComplete}
        onOpenChange={(open) => {
          if (!transition.isPending) setConfirmComplete(open);
        }}
        title={completeWeekTitle(weekNumber)}
        description={COMPLETE_WEEK_WARNING}
        confirmLabel="Complete Week"
        pending={transition.isPending}
        onConfirm={completeWeek}
      />
      <ScoringReviewTable poolId={poolId} weekNumber={weekNumber} exportFailure={PICK_MESSAGES.scoringReviewExportFailed} />
      <PublishedGamesSection title="Game Results" description="Final scores against the locked spreads." query={games}>
        {(rows) => <PublishedGamesGrid games={rows} mode="live" now={now} label="Game results" showResult />}
      </PublishedGamesSection>
    </div>
  );
}

/** COMPLETE: the week's counts (games, participants, picks completed), its final standings with Export CSV, and its final results, read only. */
export function CompletePanel({ status }: { status: WeekStatus }) {
  const { poolId, weekNumber } = status;
  const games = usePublishedGames(poolId, weekNumber);
  const review = useScoringReview(poolId, weekNumber);
  const now = useNow(BADGE_CLOCK_MS);
  const counts = review.data ? participation(review.data.rows) : null;
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-3 gap-3" data-testid="week-stats">
        <StatCard label="Games" value={status.gameCount} icon={<ListOrdered className="size-4" aria-hidden="true" />} />
        <StatCard label="Completed Games" value={status.completedGames} icon={<CircleCheck className="size-4" aria-hidden="true" />} />
        <StatCard label="Void Games" value={status.voidGames} icon={<CircleSlash className="size-4" aria-hidden="true" />} />
      </div>
      <div className="grid grid-cols-2 gap-3" data-testid="week-participation">
        <StatCard
          label="Participants"
          value={counts ? counts.participants : '–'}
          hint={counts ? `of ${counts.members} members` : undefined}
          icon={<Users className="size-4" aria-hidden="true" />}
        />
        <StatCard
          label="Picks Completed"
          value={counts ? counts.picksCompleted : '–'}
          hint="all three confidence picks"
          icon={<ListChecks className="size-4" aria-hidden="true" />}
        />
      </div>
      <ScoringReviewTable poolId={poolId} weekNumber={weekNumber} title="Final Standings" exportFailure={PICK_MESSAGES.weekExportFailed} />
      <PublishedGamesSection title="Final Results" description="The week is complete: these results are final." query={games}>
        {(rows) => <PublishedGamesGrid games={rows} mode="complete" now={now} label="Final results" showResult />}
      </PublishedGamesSection>
    </div>
  );
}
