import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumUnavailableReason } from '@powerpool/testing';
import { PHONE, setupE2e } from './support/e2e.js';
import { ACCOUNTS, LANDING_TAGLINE, navLink } from './support/sign-in.js';

/** A computed CSS property of an element (the callback runs in the page). */
function computedStyle(locator: Locator, property: string): Promise<string> {
  return locator.evaluate((element, name) => element.ownerDocument.defaultView!.getComputedStyle(element).getPropertyValue(name), property);
}

/** The class list of <html> (where the theme is applied). */
async function rootClasses(page: Page): Promise<string[]> {
  return ((await page.locator('html').getAttribute('class')) ?? '').split(/\s+/).filter(Boolean);
}

/** The stored theme choice, read in the page. */
function storedTheme(page: Page): Promise<unknown> {
  return page.evaluate("window.localStorage.getItem('ui-theme')");
}

/** The page's `<meta name="description">`. */
function metaDescription(page: Page): Promise<string | null> {
  return page.locator('meta[name="description"]').getAttribute('content');
}

async function chooseTheme(page: Page, label: 'Light' | 'Dark' | 'System'): Promise<void> {
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.getByRole('menuitemradio', { name: label }).click();
}

describe.skipIf(chromiumUnavailableReason())('navigation, theme and 404', () => {
  const e2e = setupE2e();

  it('should mark Leaderboard as the current page and not Make Picks when the user is on /leaderboard', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    await page.goto('/leaderboard');
    await navLink(page, 'Leaderboard').waitFor();

    expect(await navLink(page, 'Leaderboard').getAttribute('aria-current')).toBe('page');
    expect(await navLink(page, 'Make Picks').getAttribute('aria-current')).toBeNull();
    expect(await navLink(page, 'Live Results').getAttribute('aria-current')).toBeNull();

    await navLink(page, 'Make Picks').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => navLink(page, 'Make Picks').getAttribute('aria-current')).toBe('page');
    expect(await navLink(page, 'Leaderboard').getAttribute('aria-current')).toBeNull();
  });

  it('should give each route its own title and meta description when the user moves between them', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    await page.goto('/leaderboard');
    await expect.poll(() => page.title()).toBe('Season Leaderboard · PowerPool');
    const leaderboard = await metaDescription(page);
    expect(leaderboard).toMatch(/standings/i);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);

    // Moving inside the app (no reload) replaces both.
    await navLink(page, 'Make Picks').click();
    await expect.poll(() => page.title()).toBe('Make Picks · PowerPool');
    const picks = await metaDescription(page);
    expect(picks).toBeTruthy();
    expect(picks).not.toBe(leaderboard);
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
  });

  it('should apply and keep the dark theme across a reload, then switch to light, when the user picks them in the theme switcher', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player, { colorScheme: 'light' });
    await page.goto('/');

    await chooseTheme(page, 'Dark');
    await expect.poll(() => rootClasses(page)).toContain('dark');
    expect(await rootClasses(page)).not.toContain('light');
    await expect.poll(() => storedTheme(page)).toBe('dark');

    await page.reload();
    await navLink(page, 'Make Picks').waitFor();
    expect(await rootClasses(page)).toContain('dark');
    expect(await rootClasses(page)).not.toContain('light');

    await chooseTheme(page, 'Light');
    await expect.poll(() => rootClasses(page)).toContain('light');
    expect(await rootClasses(page)).not.toContain('dark');
    await expect.poll(() => storedTheme(page)).toBe('light');

    // System follows the operating system's preference, live.
    await chooseTheme(page, 'System');
    await expect.poll(() => storedTheme(page)).toBe('system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => rootClasses(page)).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => rootClasses(page)).toContain('light');
  });

  it('should show the 404 page without navigation when a signed-out visitor opens an unknown path', async () => {
    const { page } = e2e;
    await page.goto('/no-such-page');

    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: LANDING_TAGLINE }).count()).toBe(0);
    expect(await page.getByTestId('top-nav').count()).toBe(0);
  });

  it('should show the 404 page inside the signed-in navigation when a signed-in user opens an unknown path', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player);
    await page.goto('/no-such-page');

    await page.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await navLink(page, 'Make Picks').isVisible()).toBe(true);
    expect(await page.title()).toBe('Page Not Found · PowerPool');
  });

  it('should show a fixed four-column 64 px tab bar at the bottom and hide the top bar when the screen is 375 px wide', async () => {
    const page = await e2e.signedInPage(ACCOUNTS.player, { viewport: PHONE });
    await page.goto('/');
    const bottomNav = page.getByTestId('bottom-nav');
    await bottomNav.waitFor({ state: 'visible' });

    expect(await page.getByTestId('top-nav').isVisible()).toBe(false);
    expect(await computedStyle(bottomNav, 'position')).toBe('fixed');
    const bar = await bottomNav.boundingBox();
    expect(bar).toEqual({ x: 0, y: PHONE.height - 64, width: PHONE.width, height: 64 });

    // Four equal columns side by side: three tabs and the More menu.
    const columns = await bottomNav.locator(':scope > *').all();
    expect(columns).toHaveLength(4);
    const boxes = await Promise.all(columns.map((column) => column.boundingBox()));
    for (const [index, box] of boxes.entries()) {
      expect(box?.x).toBeCloseTo((index * PHONE.width) / 4, 0);
      expect(box?.width).toBeCloseTo(PHONE.width / 4, 0);
      // One row filling the bar below its 1 px top border.
      expect(box?.y).toBeGreaterThanOrEqual(PHONE.height - 64);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(PHONE.height);
    }
    const labels = await Promise.all(columns.map((column) => column.innerText()));
    expect(labels.map((label) => label.trim())).toEqual(['Make Picks', 'Leaderboard', 'Live Results', 'More']);

    await bottomNav.getByRole('button', { name: 'More' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Profile' }).isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await menu.getByRole('menuitem', { name: 'Log out' }).getAttribute('href')).toBe('/api/logout');
  });
});
