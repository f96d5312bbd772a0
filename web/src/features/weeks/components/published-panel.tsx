import type { WeekStatus } from '@powerpool/contracts';
import { LoaderCircle, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toastFailure } from '@/lib/toast-error';
import { useLivePublishedGames } from '@/features/weeks/api/get-published-games';
import { useTransitionWeek } from '@/features/weeks/api/transition-week';
import { useNow } from '@/hooks/use-now';
import { announceTransition } from './announce-transition';
import { DeadlineCountdown } from './deadline-countdown';
import { PublishedGamesGrid } from './published-games-grid';
import { PickCompletionCard } from './pick-completion-card';
import { PublishedGamesSection } from './published-games-section';

/**
 * PUBLISHED: the picks deadline with its countdown, Start Games once it has passed (by this page's
 * clock; the server checks its own), the pick-completion card and the published games. Once the deadline has passed the
 * server moves the week on by itself; the page's state query follows it (useWeekState).
 */
export function PublishedPanel({ status }: { status: WeekStatus }) {
  const { query: games, games: liveGames, now } = useLivePublishedGames(status);
  return (
    <div className="grid gap-6">
      <DeadlineCard status={status} />
      <PickCompletionCard poolId={status.poolId} weekNumber={status.weekNumber} pickDeadline={status.pickDeadline} />
      <PublishedGamesSection title="Published Games" description={`${status.gameCount} ${status.gameCount === 1 ? 'game' : 'games'} published`} query={games}>
        {(rows) => <PublishedGamesGrid games={liveGames ?? rows} mode="live" now={now} label="Published games" />}
      </PublishedGamesSection>
    </div>
  );
}

/** The deadline, its countdown and Start Games: the only part of the screen that ticks every second. */
function DeadlineCard({ status }: { status: WeekStatus }) {
  const { poolId, weekNumber, pickDeadline } = status;
  const now = useNow(1000);
  const transition = useTransitionWeek({ onSuccess: announceTransition });
  const passed = pickDeadline !== null && now >= new Date(pickDeadline).getTime();

  function startGames() {
    transition.mutate(
      { poolId, weekNumber, target: 'games-in-progress' },
      {
        onError: (error) => toastFailure(error, { title: 'Transition Failed', fallback: 'Failed to start games' }),
      },
    );
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
        <div className="grid gap-1.5">
          <CardTitle>Players Are Making Picks</CardTitle>
          <CardDescription>Three confidence picks and an optional power pick each, against the locked spreads.</CardDescription>
        </div>
        <div className="grid justify-items-start gap-1 sm:justify-items-end">
          <Button onClick={startGames} disabled={!passed || transition.isPending}>
            {transition.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Play aria-hidden="true" />}
            Start Games
          </Button>
          {!passed ? <p className="text-xs text-muted-foreground">Available once the deadline has passed.</p> : null}
        </div>
      </CardHeader>
      <CardContent className="max-sm:px-4 max-sm:pb-4">
        {pickDeadline ? <DeadlineCountdown deadline={pickDeadline} now={now} /> : <p className="text-sm text-muted-foreground">No picks deadline set.</p>}
      </CardContent>
    </Card>
  );
}
