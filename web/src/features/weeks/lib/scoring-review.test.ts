import type { ScoringReviewRow } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import { participation, pickCompletion, sortReviewRows, truncate, usersCount } from './scoring-review';

function row(displayName: string, totalPoints: number, extra: Partial<ScoringReviewRow> = {}): ScoringReviewRow {
  return {
    userId: displayName,
    displayName,
    email: `${displayName}@example.com`,
    picks: [],
    rawPoints: totalPoints,
    multiplier: 1,
    powerBonus: 0,
    totalPoints,
    powerEffect: 'none',
    powerPickCorrect: null,
    hasCalculationError: false,
    errorMessage: null,
    ...extra,
  };
}

const pick = (confidenceRank: number, isPowerPick = false) => ({ confidenceRank, isPowerPick }) as unknown as ScoringReviewRow['picks'][number];

describe('pickCompletion', () => {
  it('should round the share of members who completed their picks', () => {
    expect(pickCompletion({ totalUsers: 3, completedUsers: 2 })).toEqual({ completed: 2, total: 3, percent: 67 });
    expect(pickCompletion({ totalUsers: 0, completedUsers: 0 })).toEqual({ completed: 0, total: 0, percent: 0 });
  });
});

describe('sortReviewRows', () => {
  const rows = [row('cid', 4), row('Ann', 6), row('bob', 9, { hasCalculationError: true, errorMessage: 'x' }), row('dee', 6)];

  it('should sort by total points, highest first, with calculation errors last', () => {
    expect(sortReviewRows(rows, 'points').map((r) => r.displayName)).toEqual(['Ann', 'dee', 'cid', 'bob']);
  });

  it('should sort by name without regard to case', () => {
    expect(sortReviewRows(rows, 'name').map((r) => r.displayName)).toEqual(['Ann', 'bob', 'cid', 'dee']);
  });
});

describe('participation', () => {
  it('should count members who picked and members with all three confidence picks', () => {
    const rows = [row('a', 0, { picks: [pick(3), pick(2), pick(1), pick(0, true)] }), row('b', 0, { picks: [pick(3), pick(0, true)] }), row('c', 0)];
    expect(participation(rows)).toEqual({ members: 3, participants: 2, picksCompleted: 1 });
  });
});

describe('texts', () => {
  it('should count users and cut long messages', () => {
    expect([usersCount(1), usersCount(2)]).toEqual(['1 user', '2 users']);
    expect(truncate('short')).toBe('short');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
  });
});
