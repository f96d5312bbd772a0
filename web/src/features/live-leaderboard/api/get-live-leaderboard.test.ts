import { LIVE_CACHE_MS, LIVE_POLL_INTERVAL_MS, LIVE_POLL_SCORING_FACTOR, LIVE_STALE_MS } from '@/config/live-leaderboard';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { liveBoardRefetchInterval } from './get-live-leaderboard';
import { liveLeaderboardQueryOptions } from './live-leaderboard-query';

type Metadata = Pick<LiveLeaderboard['metadata'], 'currentState' | 'gamesInProgress'>;

/** When the screen's query asks again after a reply with `metadata`, the stream not delivering unless `pushed`. */
function intervalAfter(metadata: Metadata | undefined, pushed = false): number | false {
  return liveBoardRefetchInterval({ data: metadata ? ({ metadata } as LiveLeaderboard) : undefined, error: null }, { pushed, pickDeadline: null });
}

describe('liveLeaderboardQueryOptions', () => {
  it('should ask the live board of the pool week, stale after 30 s, kept 5 min, not on focus', () => {
    const options = liveLeaderboardQueryOptions('p1', 3);
    expect(options.queryKey).toEqual(['/api', 'pools', 'p1', 'weeks', '3', 'live-leaderboard']);
    expect(options.staleTime).toBe(LIVE_STALE_MS);
    expect(options.gcTime).toBe(LIVE_CACHE_MS);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it("should poll by the last reply's state: with jitter while games are played, twice the interval in SCORING, else never", () => {
    const live = intervalAfter({ currentState: 'GAMES_IN_PROGRESS', gamesInProgress: true });
    expect(live).toBeGreaterThanOrEqual(LIVE_POLL_INTERVAL_MS + 10_000);
    expect(live).toBeLessThanOrEqual(LIVE_POLL_INTERVAL_MS + 30_000);
    expect(intervalAfter({ currentState: 'SCORING', gamesInProgress: false })).toBe(LIVE_POLL_INTERVAL_MS * LIVE_POLL_SCORING_FACTOR);
    expect(intervalAfter({ currentState: 'COMPLETE', gamesInProgress: false })).toBe(false);
    expect(intervalAfter(undefined)).toBe(false);
  });

  it('should not poll while the stream delivers the board', () => {
    expect(intervalAfter({ currentState: 'GAMES_IN_PROGRESS', gamesInProgress: true }, true)).toBe(false);
  });
});
