import { SeasonLeaderboardPage } from '@/features/leaderboard/components/season-leaderboard-page';

/** Season Leaderboard (/leaderboard), docs/screens.md#season-leaderboard. Loads on demand. */
export function SeasonLeaderboardRoute() {
  return <SeasonLeaderboardPage />;
}
