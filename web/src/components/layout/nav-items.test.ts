import { describe, expect, it } from 'vitest';
import { isNavItemActive, isPathActive, navItemsForRole, splitForTabBar } from './nav-items';

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe('isPathActive', () => {
  it('should match / only when the path is exactly /', () => {
    expect(isPathActive('/', '/')).toBe(true);
    expect(isPathActive('/', '/leaderboard')).toBe(false);
  });

  it('should match other items by path prefix when the path is the item or below it', () => {
    expect(isPathActive('/leaderboard', '/leaderboard')).toBe(true);
    expect(isPathActive('/admin', '/admin/payments')).toBe(true);
    expect(isPathActive('/weeks', '/weeks/3')).toBe(true);
  });

  it('should not match when the path only shares leading characters', () => {
    expect(isPathActive('/admin', '/administrator')).toBe(false);
    expect(isPathActive('/live-results', '/live-leaderboard/p/3')).toBe(false);
  });
});

describe('isNavItemActive', () => {
  it('should highlight Make Picks on / and /picks only when the user is on the picks screen', () => {
    const [picks] = navItemsForRole('user');
    expect(picks && isNavItemActive(picks, '/')).toBe(true);
    expect(picks && isNavItemActive(picks, '/picks')).toBe(true);
    expect(picks && isNavItemActive(picks, '/profile')).toBe(false);
  });

  it('should highlight Manage Weeks when any week page is shown', () => {
    const weeks = navItemsForRole('pool_commissioner').find((item) => item.label === 'Manage Weeks');
    expect(weeks?.href).toBe('/weeks/current');
    expect(weeks && isNavItemActive(weeks, '/weeks/7')).toBe(true);
  });
});

describe('navItemsForRole', () => {
  it('should list the three player items when the role is user', () => {
    expect(labels(navItemsForRole('user'))).toEqual(['Make Picks', 'Leaderboard', 'Live Results']);
  });

  it('should add Manage Pool and Manage Weeks when the role is pool_commissioner', () => {
    expect(labels(navItemsForRole('pool_commissioner'))).toEqual(['Make Picks', 'Leaderboard', 'Live Results', 'Manage Pool', 'Manage Weeks']);
  });

  it('should add Site Admin as well when the role is super_admin', () => {
    const items = navItemsForRole('super_admin');
    expect(labels(items)).toEqual(['Make Picks', 'Leaderboard', 'Live Results', 'Manage Pool', 'Manage Weeks', 'Site Admin']);
    expect(items.map((item) => item.href)).toEqual(['/', '/leaderboard', '/live-results', '/admin', '/weeks/current', '/site-admin']);
  });
});

describe('splitForTabBar', () => {
  it('should keep three tabs and put the role extras in More when there are more items than columns', () => {
    const { tabs, more } = splitForTabBar(navItemsForRole('super_admin'));
    expect(labels(tabs)).toEqual(['Make Picks', 'Leaderboard', 'Live Results']);
    expect(labels(more)).toEqual(['Manage Pool', 'Manage Weeks', 'Site Admin']);
  });

  it('should leave More without items when the role is user', () => {
    expect(splitForTabBar(navItemsForRole('user')).more).toEqual([]);
  });
});
