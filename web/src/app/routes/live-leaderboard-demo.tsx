import { LiveLeaderboardDemoPage } from '../../features/live-leaderboard/components/live-leaderboard-demo-page';

/** Demo leaderboard with sample data (/live-leaderboard-demo), player spec section 2 and admin spec section 2. Loads on demand. */
export function LiveLeaderboardDemoRoute() {
  return <LiveLeaderboardDemoPage />;
}
