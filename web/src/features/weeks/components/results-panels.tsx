import type { WeekStatus } from '@powerpool/contracts';
import { CircleCheck, CircleSlash, Flag, ListOrdered, LoaderCircle } from 'lucide-react';
import { StatCard } from '../../../components/layout/query-states';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toastFailure } from '../../../lib/toast-error';
import { usePublishedGames } from '../api/get-published-games';
import { useTransitionWeek } from '../api/transition-week';
import { BADGE_CLOCK_MS, useNow } from '../../../hooks/use-now';
import { announceTransition } from './announce-transition';
import { PublishedGamesGrid } from './published-games-grid';
import { PublishedGamesSection } from './published-games-section';

/** SCORING: Complete Week, and the game results against the locked spreads (cover, push, void). */
export function ScoringPanel({ status }: { status: WeekStatus }) {
  const { poolId, weekNumber } = status;
  const now = useNow(BADGE_CLOCK_MS);
  const games = usePublishedGames(poolId, weekNumber);
  const transition = useTransitionWeek({ onSuccess: announceTransition });

  function completeWeek() {
    transition.mutate(
      { poolId, weekNumber, target: 'complete' },
      {
        onError: (error) => toastFailure(error, { title: 'Transition Failed', fallback: 'Failed to complete week' }),
      },
    );
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
          <div className="grid gap-1.5">
            <CardTitle>Review and Complete</CardTitle>
            <CardDescription>Every game is final. Check the results below, then complete the week to make them official.</CardDescription>
          </div>
          <Button onClick={completeWeek} disabled={transition.isPending}>
            {transition.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Flag aria-hidden="true" />}
            Complete Week
          </Button>
        </CardHeader>
      </Card>
      <PublishedGamesSection title="Game Results" description="Final scores against the locked spreads." query={games}>
        {(rows) => <PublishedGamesGrid games={rows} mode="live" now={now} label="Game results" showResult />}
      </PublishedGamesSection>
    </div>
  );
}

/** COMPLETE: the week's counts and its final results, read only. */
export function CompletePanel({ status }: { status: WeekStatus }) {
  const games = usePublishedGames(status.poolId, status.weekNumber);
  const now = useNow(BADGE_CLOCK_MS);
  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-3 gap-3" data-testid="week-stats">
        <StatCard label="Games" value={status.gameCount} icon={<ListOrdered className="size-4" aria-hidden="true" />} />
        <StatCard label="Completed Games" value={status.completedGames} icon={<CircleCheck className="size-4" aria-hidden="true" />} />
        <StatCard label="Void Games" value={status.voidGames} icon={<CircleSlash className="size-4" aria-hidden="true" />} />
      </div>
      <PublishedGamesSection title="Final Results" description="The week is complete: these results are final." query={games}>
        {(rows) => <PublishedGamesGrid games={rows} mode="complete" now={now} label="Final results" showResult />}
      </PublishedGamesSection>
    </div>
  );
}
