import { Navigate, useParams } from 'react-router-dom';
import { PageContainer } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { LiveLeaderboardPage } from '@/features/live-leaderboard/components/live-leaderboard-page';
import { useCurrentUser } from '@/lib/auth';

/**
 * Live leaderboard (/live-leaderboard/:poolId/:weekNumber), docs/screens.md#live-leaderboard. Loaded on
 * demand and outside the signed-in layout: visitors are sent to / (docs/screens.md#live-leaderboard), not shown
 * the landing page.
 */
export function LiveLeaderboardRoute() {
  const { data: user } = useCurrentUser();
  const { poolId, weekNumber } = useParams();
  if (!user) return <Navigate to={paths.home.getHref()} replace />;
  return (
    <PageContainer>
      <LiveLeaderboardPage poolId={poolId} weekParam={weekNumber} />
    </PageContainer>
  );
}
