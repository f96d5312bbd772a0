import { WEEK_MESSAGES } from '@powerpool/contracts';
import type { PublishedGame, WeekStatus } from '@powerpool/contracts';
import { Calculator, LoaderCircle, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/toast-error';
import { useLivePublishedGames } from '@/features/weeks/api/get-published-games';
import { useImportScores } from '@/features/weeks/api/import-scores';
import { useTransitionWeek } from '@/features/weeks/api/transition-week';
import { gamesProgress } from '@/features/weeks/lib/games';
import { LIVE_GAMES_REFETCH_SECONDS } from '@/features/weeks/lib/live';
import { announceTransition } from './announce-transition';
import { PublishedGamesGrid } from './published-games-grid';
import { PublishedGamesSection } from './published-games-section';
import { VoidGameDialog } from './void-game-dialog';

/**
 * GAMES_IN_PROGRESS: how many games are done, Update Scores from ESPN, Move to Scoring Phase, and
 * the games with live status (reloaded every 30 seconds); a postponed game can be ruled void.
 */
export function InProgressPanel({ status }: { status: WeekStatus }) {
  const { poolId, weekNumber } = status;
  const { query: games, games: liveGames, now } = useLivePublishedGames(status, { live: true });
  const scores = useImportScores();
  const transition = useTransitionWeek({ onSuccess: announceTransition });
  const [voiding, setVoiding] = useState<PublishedGame | null>(null);
  const progress = gamesProgress(status);

  function updateScores() {
    scores.mutate(
      { poolId, weekNumber },
      {
        onSuccess: (reply) => toast({ title: 'Scores Updated', description: reply.message }),
        onError: (error) => toastFailure(error, { fallback: 'Failed to import ESPN scores' }),
      },
    );
  }

  function startScoring() {
    transition.mutate(
      { poolId, weekNumber, target: 'scoring' },
      {
        onError: (error) => toastFailure(error, { title: WEEK_MESSAGES.cannotStartScoringTitle, fallback: 'Failed to transition to SCORING' }),
      },
    );
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between max-sm:p-4">
          <div className="grid gap-1.5">
            <CardTitle>Games In Progress</CardTitle>
            <CardDescription>Picks are locked. Update the scores, and move to scoring once every game is final.</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={updateScores} disabled={scores.isPending}>
              {scores.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
              Update Scores from ESPN
            </Button>
            <Button onClick={startScoring} disabled={transition.isPending}>
              {transition.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Calculator aria-hidden="true" />}
              Move to Scoring Phase
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-2 max-sm:px-4 max-sm:pb-4" data-testid="games-progress">
          <div className="flex items-baseline justify-between gap-3">
            <p className="text-sm font-medium">
              <span className="text-2xl font-bold tabular-nums">{progress.done}</span> of {progress.total} games final
              {status.voidGames > 0 ? <span className="text-muted-foreground"> ({status.voidGames} void)</span> : null}
            </p>
            <span className="text-sm text-muted-foreground tabular-nums">{progress.percent}%</span>
          </div>
          <ProgressBar value={progress.percent} label="Games final" />
        </CardContent>
      </Card>
      <PublishedGamesSection title="Published Games" description={`Live status, reloaded every ${LIVE_GAMES_REFETCH_SECONDS} seconds.`} query={games}>
        {(rows) => <PublishedGamesGrid games={liveGames ?? rows} mode="live" now={now} label="Published games" onRuleVoid={setVoiding} />}
      </PublishedGamesSection>
      {voiding ? <VoidGameDialog poolId={poolId} weekNumber={weekNumber} game={voiding} onClose={() => setVoiding(null)} /> : null}
    </div>
  );
}
