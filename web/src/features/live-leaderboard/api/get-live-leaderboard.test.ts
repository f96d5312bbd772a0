import { LIVE_CACHE_MS, LIVE_POLL_INTERVAL_MS, LIVE_POLL_SCORING_FACTOR, LIVE_STALE_MS } from '../../../config/live-leaderboard';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { liveLeaderboardQueryOptions } from './get-live-leaderboard';

type Metadata = Pick<LiveLeaderboard['metadata'], 'currentState' | 'gamesInProgress'>;

/** What TanStack Query hands `refetchInterval`: the query, with its last data. */
function intervalAfter(metadata: Metadata | undefined): number | false | undefined {
  const { refetchInterval } = liveLeaderboardQueryOptions('p1', 3);
  if (typeof refetchInterval !== 'function') throw new Error('refetchInterval is decided per reply');
  const query = { state: { data: metadata ? ({ metadata } as LiveLeaderboard) : undefined } };
  return refetchInterval(query as unknown as Parameters<typeof refetchInterval>[0]);
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
});
