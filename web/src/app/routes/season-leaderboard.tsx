import { SeasonLeaderboardPage } from '../../features/leaderboard/components/season-leaderboard-page';

/** Season Leaderboard (/leaderboard), player spec section 2. Loads on demand. */
export function SeasonLeaderboardRoute() {
  return <SeasonLeaderboardPage />;
}
