import { PICK_MESSAGES, weekTitle } from '@powerpool/contracts';
import { FlaskConical } from 'lucide-react';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { WeekQuickJump } from '@/components/week-quick-jump';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { DEMO_POOL } from '@/features/live-leaderboard/lib/demo-data';
import { advanceDemo, DEMO_TICK_MS, demoBoard, initialDemoState } from '@/features/live-leaderboard/lib/demo-simulation';
import type { DemoState } from '@/features/live-leaderboard/lib/demo-simulation';
import { LiveBoardView } from './live-board';
import { PicksComingSoon } from './picks-coming-soon';
import { ScrollToTop } from './scroll-to-top';

const TITLE = paths.liveLeaderboardDemo.title;
/** The demo leaderboard's height (docs/screens.md#demo-leaderboard). */
export const DEMO_LEADERBOARD_HEIGHT = 600;
export const DEMO_BANNER = 'Demo leaderboard with sample data. 403 errors are expected for weeks not yet live: only Week 1 has games in progress.';

/** The demo's clock: the state and when it last moved (what the status bar calls "Updated"). */
function reduce(current: { state: DemoState; at: number }, now: number) {
  return { state: advanceDemo(current.state), at: now };
}

/**
 * /live-leaderboard-demo (docs/screens.md#demo-leaderboard): the live leaderboard's own
 * components fed by sample data that moves like a live game day (lib/demo-simulation.ts): a pool,
 * week 1 in GAMES_IN_PROGRESS, Jump to Week, the polling status bar, the leaderboard at height 600
 * with season totals and pick details, and the game results with venues and spreads. Other weeks
 * show what a week not yet live shows (the 403's "Pick Data Coming Soon"), as the banner warns.
 */
export function LiveLeaderboardDemoPage() {
  useDocumentMeta(routeMeta(paths.liveLeaderboardDemo));
  const [demo, tick] = useReducer(reduce, undefined, () => ({ state: initialDemoState(), at: Date.now() }));
  const [weekNumber, setWeekNumber] = useState<number>(DEMO_POOL.weekNumber);
  useEffect(() => {
    const timer = setInterval(() => tick(Date.now()), DEMO_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const board = useMemo(() => demoBoard(demo.state, new Date(demo.at)), [demo]);
  const { metadata } = board;
  const shown = weekNumber === metadata.weekNumber;
  const week = metadata.allWeeks.find((w) => w.weekNumber === weekNumber);

  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          <span className="inline-flex flex-wrap items-center gap-2" data-testid="live-heading">
            <span className="font-medium text-foreground">{metadata.poolName}</span>
            <span>{weekTitle(weekNumber)}</span>
            {week ? (
              <Badge variant={week.state === 'GAMES_IN_PROGRESS' ? 'info' : 'muted'} data-testid="live-state">
                {week.state}
              </Badge>
            ) : null}
          </span>
        }
      />
      <p role="note" className="mb-6 flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm" data-testid="demo-banner">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        {DEMO_BANNER}
      </p>
      <div className="mb-6">
        <WeekQuickJump label="Jump to Week" weeks={metadata.allWeeks} weekNumber={weekNumber} onJump={setWeekNumber} testId="jump-to-week" />
      </div>
      {shown ? (
        <LiveBoardView
          data={board}
          weekNumber={metadata.weekNumber}
          viewerId={undefined}
          refetchFailed={false}
          updatedAt={demo.at}
          fetching={false}
          tableHeight={DEMO_LEADERBOARD_HEIGHT}
          pollingText={`sample games move every ${DEMO_TICK_MS / 1000} seconds`}
        />
      ) : (
        <PicksComingSoon text={PICK_MESSAGES.picksNotAvailable} />
      )}
      <ScrollToTop />
    </>
  );
}
