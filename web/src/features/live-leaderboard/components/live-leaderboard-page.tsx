import { isWeekNumber, PICK_MESSAGES, WEEK_STATE_LABELS, weekLabel } from '@powerpool/contracts';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { Download, Hourglass, LoaderCircle, TriangleAlert } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/layout/page-header';
import { InlineLoading } from '../../../components/layout/query-states';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { WeekQuickJump } from '../../../components/week-quick-jump';
import { documentTitle, paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useCurrentUser } from '../../../lib/auth';
import { useWeeks } from '../../../lib/pool-weeks';
import { toastFailure } from '../../../lib/toast-error';
import { useExportLeaderboardCsv } from '../api/export-leaderboard-csv';
import { useLiveLeaderboard } from '../api/get-live-leaderboard';
import { isPicksNotAvailable, liveErrorMessage, picksNotAvailableText } from '../lib/errors';
import { showImpactGames } from '../lib/impact';
import { GameResultsList } from './game-results-list';
import { ImpactGames } from './impact-games';
import { LiveStatusBar } from './live-status-bar';
import { LiveTable } from './live-table';
import { OverridesNotice } from './overrides-notice';
import { ScrollToTop } from './scroll-to-top';

const TITLE = paths.liveLeaderboard.title;

/** Live leaderboard (/live-leaderboard/{poolId}/{weekNumber}, player spec section 2): the address is checked first. */
export function LiveLeaderboardPage({ poolId, weekParam }: { poolId: string | undefined; weekParam: string | undefined }) {
  const weekNumber = weekParam !== undefined && /^-?\d+$/.test(weekParam) ? Number(weekParam) : NaN;
  if (!poolId || !isWeekNumber(weekNumber)) return <LoadError message={PICK_MESSAGES.liveIdsRequired} />;
  return <LiveBoard key={`${poolId}:${weekNumber}`} poolId={poolId} weekNumber={weekNumber} />;
}

function LiveBoard({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const board = useLiveLeaderboard(poolId, weekNumber);
  const notAvailable = board.isError && isPicksNotAvailable(board.error);
  const meta = board.data?.metadata;
  // Jump to Week uses the reply's weeks; before the deadline there is no reply, so the pool's weeks.
  const fallbackWeeks = useWeeks(poolId, { enabled: notAvailable && !meta });
  const weeks = meta?.allWeeks ?? fallbackWeeks.data;
  const weekName = meta?.weekDisplayName ?? weeks?.find((w) => w.weekNumber === weekNumber)?.displayName ?? weekLabel(weekNumber);
  useDocumentTitle(documentTitle(`${weekName} · ${TITLE}`));

  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="live-heading">
            {meta ? <span className="font-medium text-foreground">{meta.poolName}</span> : null}
            <span>{weekName}</span>
            {meta ? <Badge variant={meta.currentState === 'GAMES_IN_PROGRESS' ? 'info' : 'muted'}>{WEEK_STATE_LABELS[meta.currentState].title}</Badge> : null}
          </span>
        }
        actions={board.data && !notAvailable ? <ExportButton poolId={poolId} weekNumber={weekNumber} /> : null}
      />
      <div className="mb-6">
        <WeekQuickJump
          label="Jump to Week"
          weeks={weeks}
          weekNumber={weekNumber}
          onJump={(n) => void navigate(paths.liveLeaderboard.getHref(poolId, n))}
          testId="jump-to-week"
        />
      </div>
      {board.data ? (
        <Board data={board.data} weekNumber={weekNumber} viewerId={user?.id} refetchFailed={board.isError} updatedAt={board.dataUpdatedAt} fetching={board.isFetching} />
      ) : board.isPending ? (
        <InlineLoading label="Loading live leaderboard..." />
      ) : notAvailable ? (
        <ComingSoon text={picksNotAvailableText(board.error)} />
      ) : (
        <LoadError message={liveErrorMessage(board.error)} inline />
      )}
      <ScrollToTop />
    </>
  );
}

interface BoardProps {
  data: LiveLeaderboard;
  weekNumber: number;
  viewerId: string | undefined;
  /** A later reload failed: the last good board stays, with a note. */
  refetchFailed: boolean;
  updatedAt: number;
  fetching: boolean;
}

function Board({ data, weekNumber, viewerId, refetchFailed, updatedAt, fetching }: BoardProps) {
  const { metadata } = data;
  const live = metadata.currentState === 'GAMES_IN_PROGRESS' && metadata.gamesInProgress;
  return (
    <div className="grid gap-6">
      {refetchFailed ? (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-2 text-sm" data-testid="live-inline-error">
          <span className="font-semibold text-destructive">{PICK_MESSAGES.liveInlineErrorTitle}:</span> {PICK_MESSAGES.liveInlineError}
        </p>
      ) : null}
      {live ? <LiveStatusBar games={data.gamesCentric} updatedAt={updatedAt} fetching={fetching} /> : null}
      {data.message ? <p className="text-sm text-muted-foreground">{data.message}</p> : null}
      <OverridesNotice overrides={data.overrides} />
      {showImpactGames(metadata.accessLevel, data.impactGames) ? <ImpactGames games={data.impactGames} /> : null}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
        <LiveTable standings={data.standings} weekNumber={weekNumber} viewerId={viewerId} />
        <GameResultsList games={data.gamesCentric} />
      </div>
    </div>
  );
}

function ExportButton({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const exporting = useExportLeaderboardCsv();
  function exportCsv() {
    exporting.mutate(
      { poolId, weekNumber },
      {
        onSuccess: () => toast({ title: PICK_MESSAGES.csvExportedTitle, description: PICK_MESSAGES.csvExported }),
        onError: (error) => toastFailure(error, { title: PICK_MESSAGES.exportFailedTitle, fallback: PICK_MESSAGES.exportFailed }),
      },
    );
  }
  return (
    <Button variant="outline" onClick={exportCsv} disabled={exporting.isPending}>
      {exporting.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      Export CSV
    </Button>
  );
}

/** The 403 before the deadline: not an error, the picks are just not shown yet. */
function ComingSoon({ text }: { text: string }) {
  return (
    <Card data-testid="picks-not-available">
      <CardHeader className="items-center text-center">
        <Hourglass className="size-8 text-primary" aria-hidden="true" />
        <CardTitle>{PICK_MESSAGES.picksNotAvailableTitle}</CardTitle>
        <CardDescription className="max-w-md">{text}</CardDescription>
      </CardHeader>
    </Card>
  );
}

/** 'Error Loading Leaderboard' with the message and 'Back to Leaderboards'; `inline` under the page's own header. */
function LoadError({ message, inline = false }: { message: string; inline?: boolean }) {
  return (
    <>
      {inline ? null : <PageHeader title={TITLE} />}
      <Card role="alert" className="border-destructive/40" data-testid="live-error">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-destructive">
            <TriangleAlert className="size-5" aria-hidden="true" />
            {PICK_MESSAGES.liveErrorTitle}
          </CardTitle>
          <CardDescription>{message || PICK_MESSAGES.liveErrorFallback}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <Link to={paths.leaderboard.getHref()}>Back to Leaderboards</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
