import type { LivePick, LiveStanding } from '@powerpool/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIVE_SORT,
  defaultPageSize,
  filterStandings,
  needsMobileNotice,
  nextSort,
  pageButtons,
  paginate,
  showingText,
  signed,
  sortStandings,
} from './table';

function pick(rank: number, team: string, power = false): LivePick {
  return {
    gameId: `g-${team}`,
    selectedTeamEspnId: team,
    selectedTeamAbbr: team,
    selectedTeamLogo: null,
    confidenceRank: power ? 0 : rank,
    isPowerPick: power,
    isCorrect: null,
    result: 'PENDING',
    pointsEarned: null,
    covering: null,
  };
}

function standing(displayName: string, seasonPoints: number, picks: LivePick[] = []): LiveStanding {
  return {
    userId: displayName,
    displayName,
    rank: 1,
    weekPoints: 0,
    seasonPoints,
    rawPoints: 0,
    powerBonus: 0,
    powerEffect: 'none',
    possiblePointsRemaining: 0,
    hasPicks: picks.length > 0,
    picks,
  };
}

const ann = standing('Ann', 10, [pick(3, 'PHI'), pick(2, 'DAL'), pick(1, 'NYG'), pick(0, 'KC', true)]);
const bob = standing('bob', 20, [pick(3, 'BUF'), pick(2, 'MIA'), pick(1, 'SF')]);
const cid = standing('Cid', 15);
const names = (rows: LiveStanding[]) => rows.map((r) => r.displayName);

describe('nextSort', () => {
  it('should sort a new column ascending and toggle on a repeat click', () => {
    expect(DEFAULT_LIVE_SORT).toEqual({ key: 'seasonPoints', direction: 'desc' });
    expect(nextSort(DEFAULT_LIVE_SORT, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(DEFAULT_LIVE_SORT, 'seasonPoints')).toEqual({ key: 'seasonPoints', direction: 'asc' });
  });
});

describe('sortStandings', () => {
  it('should sort by season points, highest first by default', () => {
    expect(names(sortStandings([ann, bob, cid], DEFAULT_LIVE_SORT))).toEqual(['bob', 'Cid', 'Ann']);
    expect(names(sortStandings([ann, bob, cid], { key: 'seasonPoints', direction: 'asc' }))).toEqual(['Ann', 'Cid', 'bob']);
  });

  it('should sort names without regard to case', () => {
    expect(names(sortStandings([cid, bob, ann], { key: 'name', direction: 'asc' }))).toEqual(['Ann', 'bob', 'Cid']);
    expect(names(sortStandings([cid, bob, ann], { key: 'name', direction: 'desc' }))).toEqual(['Cid', 'bob', 'Ann']);
  });

  it('should sort by the team of a pick column and put players without that pick last', () => {
    expect(names(sortStandings([cid, bob, ann], { key: 'threePt', direction: 'asc' }))).toEqual(['bob', 'Ann', 'Cid']);
    expect(names(sortStandings([cid, bob, ann], { key: 'threePt', direction: 'desc' }))).toEqual(['Ann', 'bob', 'Cid']);
    expect(names(sortStandings([cid, bob, ann], { key: 'power', direction: 'desc' }))).toEqual(['Ann', 'bob', 'Cid']);
  });
});

describe('filterStandings', () => {
  it('should match the search anywhere in the name, ignoring case', () => {
    expect(names(filterStandings([ann, bob, cid], { search: ' O ', showNoPicks: true }))).toEqual(['bob']);
  });

  it('should hide players without picks when asked', () => {
    expect(names(filterStandings([ann, bob, cid], { search: '', showNoPicks: false }))).toEqual(['Ann', 'bob']);
    expect(names(filterStandings([ann, bob, cid], { search: '', showNoPicks: true }))).toEqual(['Ann', 'bob', 'Cid']);
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 40 }, (_, i) => i + 1);

  it('should start at 15 rows on phones and 25 on wider screens', () => {
    expect(defaultPageSize(768)).toBe(15);
    expect(defaultPageSize(769)).toBe(25);
  });

  it('should cut the rows into pages and clamp the page asked for', () => {
    expect(paginate(rows, 15, 1)).toMatchObject({ rows: rows.slice(0, 15), page: 1, pageCount: 3, from: 1, to: 15, total: 40 });
    expect(paginate(rows, 15, 3)).toMatchObject({ page: 3, from: 31, to: 40 });
    expect(paginate(rows, 15, 9)).toMatchObject({ page: 3, from: 31, to: 40 });
    expect(paginate([], 25, 1)).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0, total: 0 });
  });

  it('should show every row on one page for All', () => {
    expect(paginate(rows, 'all', 2)).toMatchObject({ rows, page: 1, pageCount: 1, from: 1, to: 40, all: true });
  });

  it('should offer at most five page buttons around the current page', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageButtons(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('should say which users are shown', () => {
    expect(showingText(paginate(rows, 15, 2))).toBe('Showing 16-30 of 40 users');
    expect(showingText(paginate(rows, 'all', 1))).toBe('Showing all 40 users');
  });

  it('should warn phones about more than 50 rows only', () => {
    expect(needsMobileNotice(100, 400)).toBe(true);
    expect(needsMobileNotice('all', 768)).toBe(true);
    expect(needsMobileNotice(50, 400)).toBe(false);
    expect(needsMobileNotice('all', 1024)).toBe(false);
  });
});

describe('signed', () => {
  it('should sign a change', () => {
    expect([signed(4), signed(-6), signed(0)]).toEqual(['+4', '-6', '0']);
  });
});
