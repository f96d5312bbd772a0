import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Live leaderboard (/live-leaderboard/:poolId/:weekNumber), player spec section 2. Built by a later issue. */
export function LiveLeaderboardRoute() {
  return <ComingSoonPage title={paths.liveLeaderboard.title} />;
}
