import { WEEK_MESSAGES } from '@powerpool/contracts';
import { CalendarX } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { EmptyState, InlineLoading } from '@/components/layout/query-states';
import { Button } from '@/components/ui/button';
import { paths, routeMeta } from '@/config/paths';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useSignedInUser } from '@/lib/auth';
import { pickManagedPool, useOwnedPools } from '@/lib/owned-pools';
import { useCurrentWeek } from '@/lib/current-week';

/**
 * /weeks/current (docs/screens.md#week-management): the current week of the managed pool's season (the pool
 * in `?pool=`, else the first the viewer commissions; without pools, of the current season), then
 * a redirect to its page. "Unable to determine current week" with a link to /admin otherwise.
 */
export function CurrentWeekPage() {
  useDocumentMeta(routeMeta(paths.currentWeek));
  const user = useSignedInUser();
  const owned = useOwnedPools();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('pool');
  // A failed pools call leaves the current season's week: still worth a try.
  const pool = owned.data ? pickManagedPool(owned.data, requested, user.id) : undefined;
  const current = useCurrentWeek(pool?.id, { enabled: !owned.isPending });

  if (current.data) return <Navigate to={paths.week.getHref(current.data.weekNumber, requested ? pool?.id : undefined)} replace />;

  return (
    <>
      <PageHeader title={paths.currentWeek.title} />
      {current.isError ? (
        <EmptyState title={WEEK_MESSAGES.currentWeekUnknown} icon={<CalendarX className="size-8 text-muted-foreground" aria-hidden="true" />}>
          <Button variant="outline" asChild>
            <Link to={paths.admin.getHref()}>Go to Pool Management</Link>
          </Button>
        </EmptyState>
      ) : (
        <InlineLoading label="Finding the current week..." />
      )}
    </>
  );
}
