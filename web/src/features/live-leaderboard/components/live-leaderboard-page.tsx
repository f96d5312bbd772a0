import { isWeekNumber, PICK_MESSAGES, WEEK_STATE_LABELS, weekTitle } from '@powerpool/contracts';
import type { WeekState } from '@powerpool/contracts';
import { Download, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { InlineLoading } from '@/components/layout/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { WeekQuickJump } from '@/components/week-quick-jump';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useTimePassed } from '@/hooks/use-time-passed';
import { useCurrentUser } from '@/lib/auth';
import { FirstView } from '@/lib/first-view';
import type { LiveStreamState } from '@/lib/live-stream';
import type { QuickJumpWeek } from '@/lib/quick-jump';
import { DEADLINE_GRACE_MS } from '@/lib/follow-week';
import { useWeeks } from '@/lib/pool-weeks';
import { toastFailure } from '@/lib/toast-error';
import { useExportLeaderboardCsv } from '@/features/live-leaderboard/api/export-leaderboard-csv';
import { useLiveLeaderboard } from '@/features/live-leaderboard/api/get-live-leaderboard';
import { liveLeaderboardQueryOptions } from '@/features/live-leaderboard/api/live-leaderboard-query';
import { isPicksNotAvailable, liveErrorMessage, picksNotAvailableText } from '@/features/live-leaderboard/lib/errors';
import { isStreamedWeek, useLiveLeaderboardStream } from '@/features/live-leaderboard/api/live-leaderboard-stream';
import { LiveBoardView } from './live-board';
import { PicksComingSoon } from './picks-coming-soon';
import { ScrollToTop } from './scroll-to-top';

const TITLE = paths.liveLeaderboard.title;

/** Live leaderboard (/live-leaderboard/{poolId}/{weekNumber}, docs/screens.md#live-leaderboard): the address is checked first. */
export function LiveLeaderboardPage({ poolId, weekParam }: { poolId: string | undefined; weekParam: string | undefined }) {
  const weekNumber = weekParam !== undefined && /^-?\d+$/.test(weekParam) ? Number(weekParam) : NaN;
  if (!poolId || !isWeekNumber(weekNumber)) return <LoadError message={PICK_MESSAGES.liveIdsRequired} />;
  // The board renders once its first reply is in (lib/first-view.tsx).
  return (
    <FirstView
      id={`live:${poolId}:${weekNumber}`}
      queries={() => [liveLeaderboardQueryOptions(poolId, weekNumber)]}
      fallback={
        <LiveBoardFrame weekName={weekTitle(weekNumber)} weeks={undefined} poolId={poolId} weekNumber={weekNumber}>
          <InlineLoading label="Loading live leaderboard..." />
        </LiveBoardFrame>
      }
    >
      <LiveBoard poolId={poolId} weekNumber={weekNumber} />
    </FirstView>
  );
}

function LiveBoard({ poolId, weekNumber }: { poolId: string; weekNumber: number }) {
  const { data: user } = useCurrentUser();
  // Pushed while the stream delivers (or was closed by the server): then no polling.
  const [pushed, setPushed] = useState(false);
  const [pickDeadline, setPickDeadline] = useState<string | null>(null);
  const board = useLiveLeaderboard(poolId, weekNumber, { pushed, pickDeadline });
  const meta = board.data?.metadata;
  const error = board.isError ? board.error : null;
  const notAvailable = error !== null && isPicksNotAvailable(error);
  // Jump to Week uses the reply's weeks; before the deadline there is no reply, so the pool's weeks
  // (which also give the deadline the page waits for).
  const fallbackWeeks = useWeeks(poolId, { enabled: notAvailable && !meta });
  const weeks = meta?.allWeeks ?? fallbackWeeks.data;
  const deadline = meta?.pickDeadline ?? fallbackWeeks.data?.find((w) => w.weekNumber === weekNumber)?.pickDeadline ?? null;
  useEffect(() => setPickDeadline(deadline), [deadline]);
  // The page follows the deadline by itself (docs/screens.md#following-the-week). When it passes (by this browser's clock,
  // plus a grace second) "Pick Data Coming Soon" asks at once; the server's clock decides.
  const deadlinePassed = useTimePassed(deadline, DEADLINE_GRACE_MS);
  const { refetch } = board;
  useEffect(() => {
    if (deadlinePassed && notAvailable) void refetch();
  }, [deadlinePassed, notAvailable, refetch]);
  // While the week is live (or due to start) the board comes from the stream; polling stands in whenever it fails.
  const stream = useLiveLeaderboardStream(poolId, weekNumber, isStreamedWeek(meta, deadlinePassed));
  const nowPushed = stream.state === 'live' || stream.closed !== null;
  useEffect(() => setPushed(nowPushed), [nowPushed]);
  // A stream the server closed (access lost) reads like the error a reload would now get.
  const shownError = stream.closed ?? error;
  const shownNotAvailable = shownError !== null && isPicksNotAvailable(shownError);

  return (
    <LiveBoardFrame
      weekName={weekTitle(weekNumber)}
      weeks={weeks}
      poolId={poolId}
      weekNumber={weekNumber}
      streamState={stream.state}
      heading={meta ? { poolName: meta.poolName, currentState: meta.currentState } : undefined}
      actions={board.data && !shownNotAvailable && !stream.closed ? <ExportButton poolId={poolId} weekNumber={weekNumber} /> : null}
    >
      {board.data && !stream.closed ? (
        <LiveBoardView
          data={board.data}
          weekNumber={weekNumber}
          viewerId={user?.id}
          refetchFailed={board.isError}
          updatedAt={board.dataUpdatedAt}
          fetching={board.isFetching}
          streamState={stream.state}
        />
      ) : board.isPending && !stream.closed ? (
        <InlineLoading label="Loading live leaderboard..." />
      ) : shownNotAvailable ? (
        <PicksComingSoon text={picksNotAvailableText(shownError)} />
      ) : (
        <LoadError message={liveErrorMessage(shownError)} inline />
      )}
    </LiveBoardFrame>
  );
}

/** The title, the pool and week, Export CSV and Jump to Week above the board, loaded or not. */
function LiveBoardFrame({
  weekName,
  weeks,
  poolId,
  weekNumber,
  streamState = null,
  heading,
  actions = null,
  children,
}: {
  weekName: string;
  weeks: readonly QuickJumpWeek[] | undefined;
  poolId: string;
  weekNumber: number;
  streamState?: LiveStreamState | null;
  heading?: { poolName: string; currentState: WeekState } | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  useDocumentMeta(routeMeta(paths.liveLeaderboard, `${weekName} · ${TITLE}`));
  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="live-heading" data-stream={streamState ?? 'off'}>
            {heading ? <span className="font-medium text-foreground">{heading.poolName}</span> : null}
            <span>{weekName}</span>
            {heading ? (
              <Badge variant={heading.currentState === 'GAMES_IN_PROGRESS' ? 'info' : 'muted'}>{WEEK_STATE_LABELS[heading.currentState].title}</Badge>
            ) : null}
          </span>
        }
      />
      {/* Jump to Week and Export CSV share a row: on a phone the standings start a row higher. */}
      <div className="mb-6 flex items-end gap-3">
        <div className="min-w-0 flex-1 sm:flex-none">
          <WeekQuickJump
            label="Jump to Week"
            weeks={weeks}
            weekNumber={weekNumber}
            onJump={(n) => void navigate(paths.liveLeaderboard.getHref(poolId, n))}
            testId="jump-to-week"
          />
        </div>
        {actions ? <div className="ml-auto shrink-0">{actions}</div> : null}
      </div>
      {children}
      <ScrollToTop />
    </>
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
