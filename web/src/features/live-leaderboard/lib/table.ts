import { PICK_MESSAGES } from '@powerpool/contracts';
import {
  LIVE_MOBILE_MAX_WIDTH_PX,
  LIVE_MOBILE_PAGE_SIZE_LIMIT,
  LIVE_PAGE_BUTTONS,
  LIVE_PAGE_SIZE_DESKTOP,
  LIVE_PAGE_SIZE_MOBILE,
  type LivePageSize,
} from '@/config/live-leaderboard';
import type { LivePick, LiveStanding } from '@powerpool/contracts';
import { matchesSearch } from '@/lib/search';

// ---------------------------------------------------------------------------------------------
// Picks of a row

/** The confidence pick of a rank (3, 2, 1), or undefined when the player has none. */
export function confidencePick(standing: Pick<LiveStanding, 'picks'>, rank: number): LivePick | undefined {
  return standing.picks.find((pick) => !pick.isPowerPick && pick.confidenceRank === rank);
}

export function powerPick(standing: Pick<LiveStanding, 'picks'>): LivePick | undefined {
  return standing.picks.find((pick) => pick.isPowerPick);
}

// ---------------------------------------------------------------------------------------------
// Sorting (docs/screens.md#live-leaderboard)

export const LIVE_SORT_KEYS = ['seasonPoints', 'name', 'threePt', 'twoPt', 'onePt', 'power'] as const;
export type LiveSortKey = (typeof LIVE_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface LiveSort {
  key: LiveSortKey;
  direction: SortDirection;
}

export const DEFAULT_LIVE_SORT: LiveSort = { key: 'seasonPoints', direction: 'desc' };

/** A click on a column: a new column sorts ascending, the same column again toggles. */
export function nextSort(current: LiveSort, key: LiveSortKey): LiveSort {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const teamOf = (pick: LivePick | undefined): string | null => pick?.selectedTeamAbbr ?? null;

function sortValue(standing: LiveStanding, key: LiveSortKey): number | string | null {
  switch (key) {
    case 'seasonPoints':
      return standing.seasonPoints;
    case 'name':
      return standing.displayName.toLowerCase();
    case 'threePt':
      return teamOf(confidencePick(standing, 3));
    case 'twoPt':
      return teamOf(confidencePick(standing, 2));
    case 'onePt':
      return teamOf(confidencePick(standing, 1));
    case 'power':
      return teamOf(powerPick(standing));
  }
}

/**
 * The rows in the chosen order. A player without the sorted pick goes last either way; ties
 * fall back to season points (highest first), then the name.
 */
export function sortStandings(standings: readonly LiveStanding[], sort: LiveSort): LiveStanding[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...standings].sort((a, b) => {
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      const order = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
      if (order !== 0) return sign * order;
    }
    return b.seasonPoints - a.seasonPoints || a.displayName.localeCompare(b.displayName);
  });
}

// ---------------------------------------------------------------------------------------------
// Filtering

export interface LiveFilter {
  /** 'Search users...': a case-insensitive substring of the display name. */
  search: string;
  /** 'Show players with no picks' (on by default). */
  showNoPicks: boolean;
}

export function filterStandings(standings: readonly LiveStanding[], { search, showNoPicks }: LiveFilter): LiveStanding[] {
  return standings.filter((s) => (showNoPicks || s.hasPicks) && matchesSearch(search, [s.displayName]));
}

// ---------------------------------------------------------------------------------------------
// Paging

/** 15 rows on phones (768 px or narrower), 25 on wider screens. */
export const defaultPageSize = (viewportWidth: number): LivePageSize =>
  viewportWidth <= LIVE_MOBILE_MAX_WIDTH_PX ? LIVE_PAGE_SIZE_MOBILE : LIVE_PAGE_SIZE_DESKTOP;

/** Choosing more than 50 rows (or all of them) on a phone earns the performance notice. */
export function needsMobileNotice(size: LivePageSize, viewportWidth: number): boolean {
  if (viewportWidth > LIVE_MOBILE_MAX_WIDTH_PX) return false;
  return size === 'all' || size > LIVE_MOBILE_PAGE_SIZE_LIMIT;
}

export interface Page<T> {
  rows: T[];
  /** The page shown (1-based), clamped to the pages there are. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown (0 and 0 when there are none). */
  from: number;
  to: number;
  total: number;
  all: boolean;
}

export function paginate<T>(rows: readonly T[], size: LivePageSize, page: number): Page<T> {
  const total = rows.length;
  if (size === 'all') return { rows: [...rows], page: 1, pageCount: 1, from: total === 0 ? 0 : 1, to: total, total, all: true };
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const start = (current - 1) * size;
  const shown = rows.slice(start, start + size);
  return { rows: shown, page: current, pageCount, from: shown.length === 0 ? 0 : start + 1, to: start + shown.length, total, all: false };
}

/** Up to LIVE_PAGE_BUTTONS page numbers around the current page. */
export function pageButtons(page: number, pageCount: number, max: number = LIVE_PAGE_BUTTONS): number[] {
  const count = Math.min(max, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), pageCount - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing a-b of n users' or 'Showing all n users'. */
export function showingText(page: Pick<Page<unknown>, 'from' | 'to' | 'total' | 'all'>): string {
  return page.all ? PICK_MESSAGES.liveShowingAll(page.total) : PICK_MESSAGES.liveShowingRange(page.from, page.to, page.total);
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** "+4", "-6", "0": a power bonus reads as a change. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
