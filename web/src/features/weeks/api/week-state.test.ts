import type { WeekStatus } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { weekStateRefetchInterval } from './get-week-state';
import { poolWeekKeys } from './week-keys';

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

  it('should follow the games every 30 seconds while they are played', () => {
    expect(weekStateRefetchInterval(status({ currentState: 'GAMES_IN_PROGRESS' }), now)).toBe(30_000);
  });

  it('should look every 10 seconds once the deadline of a published week has passed, not before', () => {
    expect(weekStateRefetchInterval(status({ currentState: 'PUBLISHED', pickDeadline: new Date(now - 1).toISOString() }), now)).toBe(10_000);
    expect(weekStateRefetchInterval(status({ currentState: 'PUBLISHED', pickDeadline: new Date(now + 60_000).toISOString() }), now)).toBe(false);
  });

  it('should not reload by itself in the states only the commissioner changes', () => {
    for (const currentState of ['SETUP', 'SCORING', 'COMPLETE'] as const) expect(weekStateRefetchInterval(status({ currentState }), now)).toBe(false);
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
