import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Season Leaderboard (/leaderboard), player spec section 2. Built by a later issue. */
export function SeasonLeaderboardRoute() {
  return <ComingSoonPage title={paths.leaderboard.title} />;
}
