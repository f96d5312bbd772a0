import type { LiveLeaderboard } from '@powerpool/contracts';
import { useQuery } from '@tanstack/react-query';
import { isPicksNotAvailable } from '@/features/live-leaderboard/lib/errors';
import { comingSoonRefetchInterval, liveRefetchInterval } from '@/features/live-leaderboard/lib/polling';
import { liveLeaderboardQueryOptions } from './live-leaderboard-query';

/**
 * When the live board asks again, decided after every reply: smart polling by the week's state
 * (lib/polling.ts: with jitter while games are played, slower while scoring, never otherwise)
 * unless `pushed`; while the server answers picks_not_available, on comingSoonRefetchInterval.
 */
export function liveBoardRefetchInterval(
  state: { data: LiveLeaderboard | undefined; error: unknown },
  { pushed, pickDeadline }: { pushed: boolean; pickDeadline: string | null },
): number | false {
  if (state.data === undefined && isPicksNotAvailable(state.error)) return comingSoonRefetchInterval(pickDeadline);
  return pushed ? false : liveRefetchInterval(state.data?.metadata);
}

/**
 * `pushed`: the live stream is delivering the board (or the server closed it): no polling then;
 * while the stream is off, connecting or failed, the product's smart polling goes on. While the
 * server answers picks_not_available the query asks again on comingSoonRefetchInterval, by
 * `pickDeadline` (the week's deadline as the page knows it), so it never gives up.
 */
export function useLiveLeaderboard(
  poolId: string,
  weekNumber: number,
  { pushed = false, pickDeadline = null }: { pushed?: boolean; pickDeadline?: string | null } = {},
) {
  const options = liveLeaderboardQueryOptions(poolId, weekNumber);
  return useQuery({
    ...options,
    refetchInterval: (query) => liveBoardRefetchInterval(query.state, { pushed, pickDeadline }),
  });
}
