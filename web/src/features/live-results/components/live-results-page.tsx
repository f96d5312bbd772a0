import { useQueryClient } from '@tanstack/react-query';
import { PICK_MESSAGES } from '@powerpool/contracts';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, errorText, InlineError } from '@/components/layout/query-states';
import { ManagedPoolSelector } from '@/components/managed-pool-selector';
import { RoleBadge } from '@/components/role-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/auth';
import { currentWeekQueryOptions, useCurrentWeek } from '@/lib/current-week';
import { useOwnedPools } from '@/lib/owned-pools';
import { isSuperAdmin } from '@/lib/roles';
import { toastFailure } from '@/lib/toast-error';
import { useUserPools } from '@/lib/user-pools';

/**
 * Live results entry (/live-results, docs/screens.md#live-results): a player goes straight to the live
 * leaderboard of their first pool's current week; a super admin chooses the pool.
 */
export function LiveResultsPage() {
  useDocumentMeta(routeMeta(paths.liveResults));
  const { data: user, isPending } = useCurrentUser();
  if (isPending || !user) return <LoadingScreen label="Authenticating..." />;
  return isSuperAdmin(user.role) ? <SuperAdminEntry userId={user.id} /> : <PlayerEntry />;
}

function PlayerEntry() {
  const pools = useUserPools();
  const pool = pools.data?.[0];
  const week = useCurrentWeek(pool?.id, { enabled: pool !== undefined });
  if (pools.isPending) return <LoadingScreen label="Finding your pools..." />;
  if (pools.isError) return <LoadError error={pools.error} onRetry={() => void pools.refetch()} retrying={pools.isFetching} />;
  if (!pool) return <NoPools superAdmin={false} />;
  if (week.isPending) return <LoadingScreen label="Loading current week..." />;
  if (week.isError) return <LoadError error={week.error} onRetry={() => void week.refetch()} retrying={week.isFetching} />;
  return <Navigate to={paths.liveLeaderboard.getHref(pool.id, week.data.weekNumber)} replace />;
}

function SuperAdminEntry({ userId }: { userId: string }) {
  const owned = useOwnedPools();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opening, setOpening] = useState('');

  if (owned.isPending) return <LoadingScreen label="Finding your pools..." />;
  if (owned.isError) return <LoadError error={owned.error} onRetry={() => void owned.refetch()} retrying={owned.isFetching} />;
  if (owned.data.length === 0) return <NoPools superAdmin />;

  async function open(poolId: string) {
    setOpening(poolId);
    try {
      const week = await queryClient.fetchQuery(currentWeekQueryOptions(poolId));
      void navigate(paths.liveLeaderboard.getHref(poolId, week.weekNumber));
    } catch (error) {
      setOpening('');
      toastFailure(error, { fallback: 'Unable to determine current week' });
    }
  }

  return (
    <>
      <PageHeader title={paths.liveResults.title} />
      <Card className="mx-auto max-w-xl" data-testid="live-results-picker">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>{PICK_MESSAGES.selectLivePool}</CardTitle>
            <RoleBadge role="super_admin" />
          </div>
          <CardDescription>Choose a pool to open the live leaderboard of its current week.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ManagedPoolSelector
            pools={owned.data}
            value={opening}
            userId={userId}
            superAdmin
            onSelect={(id) => void open(id)}
            placeholder="Choose a pool..."
            className="sm:w-full"
          />
          {opening ? (
            <p className="text-sm text-muted-foreground" role="status">
              Loading current week...
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to={paths.leaderboard.getHref()}>Season Leaderboard</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to={paths.admin.getHref()}>Pool Management</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </>
  );
}

function LoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <>
      <PageHeader title={paths.liveResults.title} />
      <InlineError
        title={PICK_MESSAGES.liveLoadFailedTitle}
        message={errorText(error, 'Something went wrong while loading your pools and the current week.')}
        onRetry={onRetry}
        retrying={retrying}
      />
      <div className="mt-4 flex justify-center">
        <Button variant="outline" asChild>
          <Link to={paths.leaderboard.getHref()}>Go to Leaderboard</Link>
        </Button>
      </div>
    </>
  );
}

function NoPools({ superAdmin }: { superAdmin: boolean }) {
  return (
    <>
      <PageHeader title={paths.liveResults.title} />
      <EmptyState
        title={PICK_MESSAGES.noPoolsFoundTitle}
        description={superAdmin ? PICK_MESSAGES.noPoolsFoundAdmin : PICK_MESSAGES.noPoolsFoundUser}
        icon={<Radio className="size-8 text-muted-foreground" aria-hidden="true" />}
      >
        <Button asChild>
          <Link to={paths.home.getHref()}>Go to Home</Link>
        </Button>
      </EmptyState>
    </>
  );
}
