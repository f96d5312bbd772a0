import { LiveLeaderboardDemoPage } from '@/features/live-leaderboard/components/live-leaderboard-demo-page';

/** Demo leaderboard with sample data (/live-leaderboard-demo), docs/screens.md#demo-leaderboard. Loads on demand. */
export function LiveLeaderboardDemoRoute() {
  return <LiveLeaderboardDemoPage />;
}
