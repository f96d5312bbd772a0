import type { Role } from '@powerpool/contracts';
import { paths } from '@/config/paths';
import { canManagePools, isSuperAdmin } from '@/lib/roles';

export type NavItemId = 'picks' | 'leaderboard' | 'liveResults' | 'managePool' | 'manageWeeks' | 'siteAdmin';

export interface NavItem {
  id: NavItemId;
  label: string;
  href: string;
  /** Paths that highlight the item, matched by `isPathActive`. */
  activeFor: readonly string[];
}

const ITEMS: Record<NavItemId, NavItem> = {
  picks: { id: 'picks', label: 'Make Picks', href: paths.home.getHref(), activeFor: ['/', paths.picks.path] },
  leaderboard: { id: 'leaderboard', label: 'Leaderboard', href: paths.leaderboard.getHref(), activeFor: ['/leaderboard'] },
  liveResults: { id: 'liveResults', label: 'Live Results', href: paths.liveResults.getHref(), activeFor: ['/live-results'] },
  managePool: { id: 'managePool', label: 'Manage Pool', href: paths.admin.getHref(), activeFor: ['/admin'] },
  manageWeeks: { id: 'manageWeeks', label: 'Manage Weeks', href: paths.currentWeek.getHref(), activeFor: ['/weeks'] },
  siteAdmin: { id: 'siteAdmin', label: 'Site Admin', href: paths.siteAdmin.getHref(), activeFor: ['/site-admin'] },
};

/**
 * docs/screens.md#navigation: `/` matches only exactly; every other path matches by path prefix, on
 * segment boundaries (`/admin` matches `/admin` and `/admin/payments`, not `/administrator`).
 */
export function isPathActive(pattern: string, pathname: string): boolean {
  if (pattern === '/') return pathname === '/';
  const base = pattern.endsWith('/') ? pattern.slice(0, -1) : pattern;
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return item.activeFor.some((pattern) => isPathActive(pattern, pathname));
}

/**
 * The navigation items a role sees, in order (docs/screens.md#navigation): everyone gets Make
 * Picks, Leaderboard and Live Results; commissioners and super admins add Manage Pool and Manage
 * Weeks; super admins add Site Admin.
 */
export function navItemsForRole(role: Role): NavItem[] {
  const items = [ITEMS.picks, ITEMS.leaderboard, ITEMS.liveResults];
  if (canManagePools(role)) items.push(ITEMS.managePool, ITEMS.manageWeeks);
  if (isSuperAdmin(role)) items.push(ITEMS.siteAdmin);
  return items;
}

/** Columns of the mobile tab bar (docs/screens.md#navigation). */
export const TAB_BAR_COLUMNS = 4;

/**
 * Splits the items for the mobile tab bar: the first three are tabs; the fourth column is a
 * "More" menu holding the rest (plus Profile, theme and Log out, added by the component).
 */
export function splitForTabBar(items: readonly NavItem[]): { tabs: NavItem[]; more: NavItem[] } {
  const tabCount = TAB_BAR_COLUMNS - 1;
  return { tabs: items.slice(0, tabCount), more: items.slice(tabCount) };
}
