import { ComingSoonPage } from '../../components/layout/coming-soon-page';
import { paths } from '../../config/paths';

/** Demo leaderboard with static sample data (/live-leaderboard-demo), admin spec section 2. Built by a later issue. */
export function LiveLeaderboardDemoRoute() {
  return <ComingSoonPage title={paths.liveLeaderboardDemo.title} />;
}
