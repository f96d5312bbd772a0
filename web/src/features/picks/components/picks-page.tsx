import { PICK_MESSAGES, weekTitle } from '@powerpool/contracts';
import type { Week } from '@powerpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { PoolSelector } from '@/components/pool-selector';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isApiError } from '@/lib/api-client';
import { useCurrentWeek } from '@/lib/current-week';
import { BADGE_CLOCK_MS, useNow } from '@/hooks/use-now';
import { gamesArePlaying, useLiveGames, withLiveState } from '@/lib/live-games';
import { publishedGamesQueryOptions } from '@/lib/published-games';
import { formatDateTime } from '@/lib/dates';
import { FirstView } from '@/lib/first-view';
import { shownPool, useUserPools, type PicksLocationState } from '@/lib/user-pools';
import { useMyPicks } from '@/features/picks/api/get-my-picks';
import { makePicksFirstView } from '@/features/picks/lib/make-picks-first-view';
import { PicksBoard } from './picks-board';
import { PicksCountdown } from './picks-countdown';
import { PicksGuide } from './picks-guide';

/** The season label of the picks header: a fixed label (docs/screens.md#make-picks). */
export const SEASON_LABEL = PICK_MESSAGES.seasonLabel;

/**
 * Make Picks (/ and /picks, docs/screens.md#make-picks): the player's pools, then the pool's current
 * week, its published games and the player's saved picks. `requestedPoolId` is the pool a link
 * asked for (the join page's "Go to Pool"); otherwise the first pool. `afterFirstSave` is shown
 * after the first save of the week's picks (the route passes the notifications feature's offer:
 * features do not import each other).
 */
export function PicksPage({ requestedPoolId, afterFirstSave }: { requestedPoolId?: string | undefined; afterFirstSave?: ReactNode }) {
  useDocumentMeta(routeMeta(paths.picks));
  const loading = (
    <>
      <PageHeader title={paths.picks.title} />
      <InlineLoading label="Loading your pools..." />
    </>
  );
  // The screen renders once the pools, the current week, its games and the player's picks are in (lib/first-view.tsx).
  return (
    <FirstView id={`make-picks:${requestedPoolId ?? ''}`} queries={makePicksFirstView(requestedPoolId)} fallback={loading}>
      <Picks requestedPoolId={requestedPoolId} afterFirstSave={afterFirstSave} loading={loading} />
    </FirstView>
  );
}

function Picks({ requestedPoolId, afterFirstSave, loading }: { requestedPoolId: string | undefined; afterFirstSave: ReactNode; loading: ReactNode }) {
  const pools = useUserPools();
  const navigate = useNavigate();
  const location = useLocation();
  // Choosing a pool is a navigation (its id in the location's state): Back returns to the pool before,
  // and unsaved picks are asked about as when leaving the page (docs/screens.md#unsaved-changes).
  const choose = (poolId: string) => navigate(`${location.pathname}${location.search}`, { state: { poolId } satisfies PicksLocationState });

  if (pools.isPending) return loading;
  if (pools.isError) {
    return (
      <>
        <PageHeader title={paths.picks.title} />
        <InlineError
          title="Unable to load your pools"
          message={errorText(pools.error, 'Failed to load pools.')}
          onRetry={() => void pools.refetch()}
          retrying={pools.isFetching}
        />
      </>
    );
  }
  if (pools.data.length === 0) {
    return (
      <>
        <PageHeader title={paths.picks.title} />
        <EmptyState title={PICK_MESSAGES.notAMemberTitle} description={PICK_MESSAGES.notAMemberHelp} />
      </>
    );
  }
  const pool = shownPool(pools.data, requestedPoolId)!;
  return (
    <PoolPicks
      key={pool.id}
      poolId={pool.id}
      poolName={pool.name}
      selector={<PoolSelector pools={pools.data} value={pool.id} onChange={(poolId) => void choose(poolId)} className="mb-6" />}
      afterFirstSave={afterFirstSave}
    />
  );
}

function PoolPicks({ poolId, poolName, selector, afterFirstSave }: { poolId: string; poolName: string; selector: ReactNode; afterFirstSave: ReactNode }) {
  const week = useCurrentWeek(poolId);
  const deadline = week.data?.pickDeadline ?? null;
  return (
    <>
      <PageHeader
        title={paths.picks.title}
        description={
          <>
            <span className="font-semibold text-foreground">{poolName}</span> · {SEASON_LABEL}
          </>
        }
        actions={
          // On a phone the header's actions wrap under the title, to the left: the label and the date start there too.
          <div className="text-left text-sm sm:text-right" data-testid="picks-due">
            <span className="text-muted-foreground">Picks due</span>
            <br />
            <span className="font-semibold">{week.data ? formatDateTime(deadline, 'TBD') : 'TBD'}</span>
          </div>
        }
      />
      {selector}
      {week.isPending ? (
        <InlineLoading label="Loading current week..." />
      ) : week.isError ? (
        isApiError(week.error, 404) ? (
          <EmptyState title={PICK_MESSAGES.welcomeTitle} description={PICK_MESSAGES.welcome} />
        ) : (
          <InlineError
            title="Unable to load the current week"
            message={errorText(week.error, 'Failed to load the current week.')}
            onRetry={() => void week.refetch()}
            retrying={week.isFetching}
          />
        )
      ) : (
        <WeekPicks poolId={poolId} week={week.data} afterFirstSave={afterFirstSave} />
      )}
    </>
  );
}

function WeekPicks({ poolId, week, afterFirstSave }: { poolId: string; week: Week; afterFirstSave: ReactNode }) {
  const games = useQuery(publishedGamesQueryOptions(poolId, week.weekNumber));
  const picks = useMyPicks(week.id, poolId);
  // While games are on, their status, clock and scores are pushed into the cards.
  const now = useNow(BADGE_CLOCK_MS);
  const live = useLiveGames(week.year, week.weekNumber, games.data !== undefined && gamesArePlaying(games.data, now, week.state), games);
  const shownGames = useMemo(() => games.data?.map((game) => withLiveState(game, live.games.get(game.id))), [games.data, live.games]);
  const failed = games.isError ? games : picks.isError ? picks : null;

  return (
    <div className="grid gap-6">
      <h2 className="text-lg font-semibold">{weekTitle(week.weekNumber)}</h2>
      {week.pickDeadline ? <PicksCountdown deadline={week.pickDeadline} picksClosed={week.state !== 'SETUP' && week.state !== 'PUBLISHED'} /> : null}
      <PicksGuide />
      {failed ? (
        <InlineError
          title={games.isError ? 'Failed to fetch games' : 'Failed to load your picks'}
          message={errorText(failed.error, 'Please try again.')}
          onRetry={() => void failed.refetch()}
          retrying={failed.isFetching}
        />
      ) : shownGames === undefined || picks.data === undefined ? (
        <InlineLoading label="Loading games and picks..." />
      ) : shownGames.length === 0 ? (
        <EmptyState title={PICK_MESSAGES.gamesNotAvailableTitle} description={PICK_MESSAGES.gamesNotAvailable(weekTitle(week.weekNumber))} />
      ) : (
        <PicksBoard poolId={poolId} week={week} games={shownGames} savedPicks={picks.data} afterFirstSave={afterFirstSave} />
      )}
    </div>
  );
}
