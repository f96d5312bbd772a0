import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { InlineLoading } from '@/components/layout/query-states';
import { paths } from '@/config/paths';
import { requestedPoolId } from '@/lib/user-pools';

// The screen's body is its own chunk: visitors on the landing page (also at /) never fetch it,
// and a signed-in player fetches it at once, beside the pools call.
const PicksPage = lazy(() => import('@/features/picks/components/picks-page').then((m) => ({ default: m.PicksPage })));
const RemindersOffer = lazy(() => import('@/features/notifications/components/reminders-offer').then((m) => ({ default: m.RemindersOffer })));

/** Make Picks (/ and /picks), docs/screens.md#make-picks. */
export function PicksRoute() {
  const location = useLocation();
  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={paths.picks.title} />
          <InlineLoading />
        </>
      }
    >
      <PicksPage
        requestedPoolId={requestedPoolId(location.state)}
        afterFirstSave={
          <Suspense fallback={null}>
            <RemindersOffer />
          </Suspense>
        }
      />
    </Suspense>
  );
}
