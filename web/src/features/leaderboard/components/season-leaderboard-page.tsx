import { PICK_MESSAGES } from '@powerpool/contracts';
import type { Pool, SeasonLeaderboardEntry } from '@powerpool/contracts';
import { ChevronDown } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { ManagedPoolSelector } from '@/components/managed-pool-selector';
import { PoolSelector } from '@/components/pool-selector';
import { RoleBadge } from '@/components/role-badge';
import { SearchInput } from '@/components/ui/search-input';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useSignedInUser } from '@/lib/auth';
import { pickManagedPool, useOwnedPools } from '@/lib/owned-pools';
import { useWeeks } from '@/lib/pool-weeks';
import { invalidateKeys } from '@/lib/query-client';
import { isSuperAdmin } from '@/lib/roles';
import { useUserPools } from '@/lib/user-pools';
import { cn } from '@/utils/cn';
import { useCompletedWeeks } from '@/features/leaderboard/api/get-completed-weeks';
import { seasonLeaderboardQueryOptions, useSeasonLeaderboard } from '@/features/leaderboard/api/get-season-leaderboard';
import { weeklyScoringReviewQueryOptions } from '@/features/leaderboard/api/get-weekly-scoring-review';
import { emptyLeaderboardText, filterLeaderboard } from '@/features/leaderboard/lib/leaderboard';
import { WeeklyBreakdown } from './weekly-breakdown';

/** The pool a leaderboard is about. */
type BoardPool = Pick<Pool, 'id' | 'name' | 'year'>;

/**
 * Season Leaderboard (/leaderboard, docs/screens.md#season-leaderboard). Players see their pools (a selector
 * with more than one); a super admin sees the 'Super Admin' badge and a 'Managing Pool' selector
 * of every pool, "As Admin" on those they do not commission.
 */
export function SeasonLeaderboardPage() {
  useDocumentMeta(routeMeta(paths.leaderboard));
  const user = useSignedInUser();
  return isSuperAdmin(user.role) ? <SuperAdminBoard userId={user.id} /> : <PlayerBoard />;
}

function Header({ superAdmin = false }: { superAdmin?: boolean }) {
  return <PageHeader title={paths.leaderboard.title} actions={superAdmin ? <RoleBadge role="super_admin" /> : undefined} />;
}

function PlayerBoard() {
  const pools = useUserPools();
  const [chosen, setChosen] = useState<string>();
  if (pools.isPending || pools.isError || pools.data.length === 0) {
    return (
      <>
        <Header />
        <PoolsState query={pools} empty={PICK_MESSAGES.noPools} />
      </>
    );
  }
  const pool = pools.data.find((p) => p.id === chosen) ?? pools.data[0]!;
  return (
    <>
      <Header />
      <PoolSelector pools={pools.data} value={pool.id} onChange={setChosen} className="mb-6" />
      <Leaderboard key={pool.id} pool={pool} />
    </>
  );
}

function SuperAdminBoard({ userId }: { userId: string }) {
  const owned = useOwnedPools();
  const [chosen, setChosen] = useState<string>();
  if (owned.isPending || owned.isError || owned.data.length === 0) {
    return (
      <>
        <Header superAdmin />
        <PoolsState query={owned} empty={PICK_MESSAGES.noPoolsToManage} />
      </>
    );
  }
  const pool = pickManagedPool(owned.data, chosen, userId) ?? owned.data[0]!;
  return (
    <>
      <Header superAdmin />
      <ManagedPoolSelector
        pools={owned.data}
        value={pool.id}
        userId={userId}
        superAdmin
        onSelect={setChosen}
        label="Managing Pool"
        className="mb-6"
        testId="managing-pool-selector"
      />
      <Leaderboard key={pool.id} pool={pool} />
    </>
  );
}

/** Loading, failure or no pools. */
function PoolsState({
  query,
  empty,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };
  empty: string;
}) {
  if (query.isPending) return <InlineLoading label="Loading your pools..." />;
  if (query.isError) {
    return (
      <InlineError
        title="Unable to load pools"
        message={errorText(query.error, 'Failed to load pools.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return <EmptyState title={empty} />;
}

function Leaderboard({ pool }: { pool: BoardPool }) {
  const board = useSeasonLeaderboard(pool.id, pool.year);
  // The standings follow a week completed elsewhere (docs/screens.md#following-the-week). The pool's week list is read again
  // while a week is moving (useWeeks `follow`); a week it shows COMPLETE makes the completed weeks
  // (picks-scoring) catch up, and a change of those reloads the standings and the breakdowns.
  const poolWeeks = useWeeks(pool.id, { follow: true });
  const completeInWorkflow = poolWeeks.data?.filter((week) => week.state === 'COMPLETE').length;
  const completed = useCompletedWeeks(pool.id, { expected: completeInWorkflow });
  const queryClient = useQueryClient();
  const completedList = completed.data?.join(',');
  const seenCompleted = useRef(completedList);
  useEffect(() => {
    const before = seenCompleted.current;
    seenCompleted.current = completedList;
    if (before === undefined || completedList === undefined || before === completedList) return;
    const breakdowns = (queryClient.getQueryData(seasonLeaderboardQueryOptions(pool.id, pool.year).queryKey) ?? []).map(
      (entry) => weeklyScoringReviewQueryOptions(entry.user.id, pool.id).queryKey,
    );
    void invalidateKeys(queryClient, [seasonLeaderboardQueryOptions(pool.id, pool.year).queryKey, ...breakdowns]);
  }, [completedList, queryClient, pool.id, pool.year]);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<string | null>(null);

  if (board.isPending) return <InlineLoading label="Loading leaderboard..." />;
  if (board.isError) {
    return (
      <InlineError
        title="Unable to load the leaderboard"
        message={errorText(board.error, 'Failed to load the leaderboard.')}
        onRetry={() => void board.refetch()}
        retrying={board.isFetching}
      />
    );
  }
  const rows = filterLeaderboard(board.data, search);
  const weeks = completed.data?.length;

  return (
    <section className="grid gap-4" aria-label={`${pool.name} season leaderboard`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">{pool.name}</span> · {pool.year}
          {weeks !== undefined ? ` · ${weeks} completed ${weeks === 1 ? 'week' : 'weeks'}` : ''}
        </p>
        <SearchInput value={search} onValueChange={setSearch} placeholder="Search players..." aria-label="Search players" wrapperClassName="w-full sm:w-72" />
      </div>
      {rows.length === 0 ? (
        <EmptyState title={emptyLeaderboardText(board.data.length, search)} />
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card shadow-sm">
          <table className="w-full text-sm">
            <caption className="sr-only">Season standings of {pool.name}</caption>
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Rank
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Total Points
                </th>
                <th scope="col" className="px-3 py-2">
                  Player
                </th>
                {/* On a phone these three are a line under the name: the table fits, and so does a player's opened weeks. */}
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">
                  Weeks Played
                </th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">
                  Avg/Week
                </th>
                <th scope="col" className="px-3 py-2 text-right max-sm:hidden">
                  Best Week
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <Row
                  key={entry.user.id}
                  entry={entry}
                  poolId={pool.id}
                  open={expanded === entry.user.id}
                  onToggle={() => setExpanded((current) => (current === entry.user.id ? null : entry.user.id))}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Row({ entry, poolId, open, onToggle }: { entry: SeasonLeaderboardEntry; poolId: string; open: boolean; onToggle: () => void }) {
  const detailsId = `weeks-${entry.user.id}`;
  return (
    <Fragment>
      <tr className={cn('cursor-pointer border-t hover:bg-accent/50', open && 'bg-accent/30')} onClick={onToggle} data-testid="leaderboard-row">
        <td className="px-3 py-2 font-semibold tabular-nums">{entry.rank}</td>
        <td className="px-3 py-2 text-right font-bold tabular-nums">{entry.totalPoints}</td>
        {/* Under a thumb the name button is 44 px high and fills the cell's height, so the row grows by 8 px, not 24. */}
        <td className="px-3 py-2 pointer-coarse:py-0">
          <button
            type="button"
            className="inline-flex items-center gap-1 text-left font-medium pointer-coarse:min-h-11"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            onClick={(e) => {
              e.stopPropagation();
              onToggle();
            }}
          >
            <ChevronDown className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden="true" />
            {entry.user.displayName}
          </button>
          <span className="block pb-1 pl-5 text-xs text-muted-foreground tabular-nums sm:hidden" data-testid="leaderboard-row-stats">
            {entry.weeksPlayed} {entry.weeksPlayed === 1 ? 'week' : 'weeks'} · avg {entry.averagePoints} · best {entry.bestWeek}
          </span>
        </td>
        <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{entry.weeksPlayed}</td>
        <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{entry.averagePoints}</td>
        <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{entry.bestWeek}</td>
      </tr>
      {open ? (
        <tr id={detailsId} className="bg-muted/30">
          <td colSpan={6} className="px-3">
            <WeeklyBreakdown userId={entry.user.id} poolId={poolId} />
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}
