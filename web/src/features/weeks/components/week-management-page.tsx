import { managesPool, weekTitle } from '@powerpool/contracts';
import type { Pool, Week, WeekStatus } from '@powerpool/contracts';
import { CalendarRange, FolderX, RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, errorText, InlineError, InlineLoading } from '@/components/layout/query-states';
import { ManagedPoolSelector, managesAsAdmin } from '@/components/managed-pool-selector';
import { RoleBadge } from '@/components/role-badge';
import { WeekQuickJump } from '@/components/week-quick-jump';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { FirstView } from '@/lib/first-view';
import { useSignedInUser } from '@/lib/auth';
import { pickManagedPool, useOwnedPools } from '@/lib/owned-pools';
import { useWeeks } from '@/lib/pool-weeks';
import { isSuperAdmin } from '@/lib/roles';
import { useWeekState } from '@/features/weeks/api/get-week-state';
import { weekFirstView } from '@/features/weeks/lib/week-first-view';
import { parseWeekParam, WEEK_PARAM_ERRORS } from '@/features/weeks/lib/week-param';
import { EmergencyPicksPanel } from './emergency-picks-panel';
import { InProgressPanel } from './in-progress-panel';
import { PublishedPanel } from './published-panel';
import { CompletePanel, ScoringPanel } from './results-panels';
import { SetupPanel } from './setup-panel';
import { WeekInstructions } from './week-instructions';
import { WeekProgressTracker } from './week-progress-tracker';

/** The query parameter that holds the managed pool, so a reload keeps it. */
const POOL_PARAM = 'pool';

/**
 * Week management (/weeks/{weekNumber}, docs/screens.md#week-management): the segment is checked first, then
 * the viewer's pools, then the pool's week. The route's guard admits commissioners and super admins.
 */
export function WeekManagementPage({ weekParam }: { weekParam: string | undefined }) {
  const parsed = parseWeekParam(weekParam);
  if (parsed.kind !== 'week') return <InvalidWeek message={WEEK_PARAM_ERRORS[parsed.kind]} />;
  return <WeekManagement weekNumber={parsed.weekNumber} />;
}

function InvalidWeek({ message }: { message: string }) {
  useDocumentMeta(routeMeta(paths.week));
  return (
    <>
      <PageHeader title={paths.week.title} />
      <EmptyState title={message} icon={<TriangleAlert className="size-8 text-destructive" aria-hidden="true" />}>
        <Button variant="outline" asChild>
          <Link to={paths.currentWeek.getHref()}>Go to Current Week</Link>
        </Button>
      </EmptyState>
    </>
  );
}

function WeekManagement({ weekNumber }: { weekNumber: number }) {
  const user = useSignedInUser();
  const superAdmin = isSuperAdmin(user.role);
  const owned = useOwnedPools();
  const [searchParams, setSearchParams] = useSearchParams();
  const roleBadge = <RoleBadge role={superAdmin ? 'super_admin' : 'pool_commissioner'} />;

  if (owned.isPending || owned.isError || owned.data.length === 0) {
    const title = weekTitle(weekNumber);
    return (
      <>
        <WeekTitle title={title} />
        <PageHeader title={title} actions={roleBadge} />
        {owned.isPending ? (
          <InlineLoading label="Loading your pools..." />
        ) : owned.isError ? (
          <InlineError
            title="Unable to load pools"
            message={errorText(owned.error, 'Failed to load pools.')}
            onRetry={() => void owned.refetch()}
            retrying={owned.isFetching}
          />
        ) : (
          <EmptyState
            title="No Pools Available"
            description={
              superAdmin
                ? 'No pools are available to manage. Pools will appear here when they are created.'
                : "You don't have access to manage any pools. Contact a super admin if you need access."
            }
            icon={<FolderX className="size-8 text-muted-foreground" aria-hidden="true" />}
          >
            <Button asChild>
              <Link to={paths.admin.getHref()}>Go to Pool Management</Link>
            </Button>
          </EmptyState>
        )}
      </>
    );
  }

  const pools = owned.data;
  // pools is not empty here, so there is always a pool.
  const pool = pickManagedPool(pools, searchParams.get(POOL_PARAM), user.id) ?? pools[0]!;

  function selectPool(poolId: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(POOL_PARAM, poolId);
        return next;
      },
      { replace: true },
    );
  }

  const props: PoolWeekProps = {
    pools,
    pool,
    weekNumber,
    userId: user.id,
    superAdmin,
    canEnterPicks: managesPool(user, pool.poolCommissionerId),
    roleBadge,
    onSelectPool: selectPool,
  };
  // The week renders once its state, its weeks and its panel's data are in (lib/first-view.tsx).
  return (
    <FirstView
      id={`week:${pool.id}:${weekNumber}`}
      queries={weekFirstView(pool.id, weekNumber)}
      fallback={
        <PoolWeekFrame {...props} title={weekTitle(weekNumber)} weeks={undefined}>
          <InlineLoading label={`Loading ${weekTitle(weekNumber)}...`} />
        </PoolWeekFrame>
      }
    >
      <PoolWeek {...props} />
    </FirstView>
  );
}

function WeekTitle({ title }: { title: string }) {
  useDocumentMeta(routeMeta(paths.week, `${title} · ${paths.week.title}`));
  return null;
}

interface PoolWeekProps {
  pools: readonly Pool[];
  pool: Pool;
  weekNumber: number;
  userId: string;
  superAdmin: boolean;
  /** The pool's commissioner or a super admin: the emergency pick entry is theirs (docs/roles.md#commissioner). */
  canEnterPicks: boolean;
  roleBadge: ReactNode;
  onSelectPool: (poolId: string) => void;
}

function PoolWeek(props: PoolWeekProps) {
  const { pool, weekNumber, canEnterPicks } = props;
  const state = useWeekState(pool.id, weekNumber, { follow: true });
  const weeks = useWeeks(pool.id);
  const title = weekTitle(weekNumber);

  return (
    <PoolWeekFrame {...props} title={title} weeks={weeks.data}>
      {state.isPending ? (
        <InlineLoading label={`Loading ${title}...`} />
      ) : state.isError ? (
        <WeekLoadError weekNumber={weekNumber} error={state.error} />
      ) : (
        <div className="grid gap-6">
          <WeekProgressTracker state={state.data.currentState} />
          <WeekInstructions state={state.data.currentState} />
          <WeekBody status={state.data} />
          {canEnterPicks ? <EmergencyPicksPanel poolId={pool.id} weekNumber={weekNumber} /> : null}
        </div>
      )}
    </PoolWeekFrame>
  );
}

/** The title, the pool, its selector and Quick Jump above a pool's week, loaded or not. */
function PoolWeekFrame({
  pools,
  pool,
  weekNumber,
  userId,
  superAdmin,
  roleBadge,
  onSelectPool,
  title,
  weeks,
  children,
}: PoolWeekProps & { title: string; weeks: readonly Week[] | undefined; children: ReactNode }) {
  const navigate = useNavigate();
  const asAdmin = managesAsAdmin(pool, userId, superAdmin);
  return (
    <>
      <WeekTitle title={title} />
      <PageHeader
        title={title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <CalendarRange className="size-4" aria-hidden="true" />
            {pool.name} ({pool.year}){asAdmin ? <Badge variant="warning">As Admin</Badge> : null}
          </span>
        }
        actions={roleBadge}
      />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        {pools.length > 1 ? (
          <ManagedPoolSelector pools={pools} value={pool.id} userId={userId} superAdmin={superAdmin} onSelect={onSelectPool} testId="week-pool-selector" />
        ) : null}
        <WeekQuickJump label="Quick Jump" weeks={weeks} weekNumber={weekNumber} onJump={(n) => void navigate(paths.week.getHref(n, pool.id))} />
      </div>
      {children}
    </>
  );
}

/** The body of each state (docs/week.md#states); a state this screen does not know shows the loading view. */
function WeekBody({ status }: { status: WeekStatus }) {
  switch (status.currentState) {
    case 'SETUP':
      return <SetupPanel poolId={status.poolId} weekNumber={status.weekNumber} />;
    case 'PUBLISHED':
      return <PublishedPanel status={status} />;
    case 'GAMES_IN_PROGRESS':
      return <InProgressPanel status={status} />;
    case 'SCORING':
      return <ScoringPanel status={status} />;
    case 'COMPLETE':
      return <CompletePanel status={status} />;
    default:
      return <InlineLoading label="Loading week..." />;
  }
}

/** docs/screens.md#week-management: the week could not be loaded. */
function WeekLoadError({ weekNumber, error }: { weekNumber: number; error: unknown }) {
  return (
    <Card role="alert" className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden="true" />
          Error Loading Week {weekNumber}
        </CardTitle>
        <CardDescription>Failed to load week data. Please try refreshing the page.</CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-4">
        <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all" data-testid="week-error-message">
          {errorText(error, 'Unknown error')}
        </p>
        <Button variant="outline" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" />
          Refresh Page
        </Button>
      </CardContent>
    </Card>
  );
}
