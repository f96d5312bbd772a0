import type { WeekStatus } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { AFTER_DEADLINE_RETRY_MS, LIVE_WEEK_FOLLOW_MS, WAITING_FOLLOW_MS } from '@/lib/follow-week';
import { poolWeekKeys, weekStateRefetchInterval } from './get-week-state';

const status = (over: Partial<WeekStatus>): WeekStatus => ({
  poolId: 'p1',
  year: 2025,
  weekNumber: 1,
  displayName: 'Week 1',
  currentState: 'SETUP',
  pickDeadline: null,
  publishedAt: null,
  stateChangedAt: null,
  gameCount: 0,
  completedGames: 0,
  voidGames: 0,
  ...over,
});

describe('weekStateRefetchInterval', () => {
  const now = Date.UTC(2025, 8, 4, 12);

  it('should follow a live week every LIVE_WEEK_FOLLOW_MS (another commissioner takes the next step)', () => {
    for (const currentState of ['GAMES_IN_PROGRESS', 'SCORING'] as const)
      expect(weekStateRefetchInterval(status({ currentState }), now)).toBe(LIVE_WEEK_FOLLOW_MS);
  });

  it('should look every few seconds once the deadline of a published week has passed, rarely before it', () => {
    expect(weekStateRefetchInterval(status({ currentState: 'PUBLISHED', pickDeadline: new Date(now - 1).toISOString() }), now)).toBe(AFTER_DEADLINE_RETRY_MS);
    expect(weekStateRefetchInterval(status({ currentState: 'PUBLISHED', pickDeadline: new Date(now + 60_000).toISOString() }), now)).toBe(WAITING_FOLLOW_MS);
  });

  it('should not reload by itself a week that is idle (SETUP, COMPLETE)', () => {
    for (const currentState of ['SETUP', 'COMPLETE'] as const) expect(weekStateRefetchInterval(status({ currentState }), now)).toBe(false);
    expect(weekStateRefetchInterval(undefined, now)).toBe(false);
  });
});

describe('poolWeekKeys', () => {
  it('should cover the pool week, its spreads, the pool week lists and the site admin pool cards', () => {
    expect(poolWeekKeys('p1', -2)).toEqual([
      ['/api', 'pools', 'p1', 'weeks', '-2'],
      ['/api', 'pools', 'p1', 'spreads', '-2'],
      ['/api', 'weeks?poolId=p1'],
      ['/api', 'weeks', 'current?poolId=p1'],
      ['/api', 'admin', 'pools', 'details'],
    ]);
  });
});
